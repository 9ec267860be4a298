package domainintel.catalogue;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.GeneratedValue;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;

import java.time.Instant;

/** One price a listing moved to; {@code oldPrice} is null when the listing is new. */
@MappedEntity("price_changes")
public record PriceChange(@Id @GeneratedValue @Nullable Long id,
                          String domain,
                          @Nullable Long oldPrice,
                          long newPrice,
                          String currency,
                          Instant changedAt) {
}
