package domainintel.catalogue;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

/** Body of {@code PUT /admin/v1/domains/{domain}}: fields left out keep their current values. */
@Serdeable
public record ListingUpdate(@Nullable Long price, @Nullable String category, @Nullable String status) {
}
