package domainintel.catalogue;

import io.micronaut.data.annotation.GeneratedValue;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import io.micronaut.data.annotation.MappedProperty;
import io.micronaut.data.annotation.TypeDef;
import io.micronaut.data.model.DataType;
import io.micronaut.core.annotation.Nullable;

import java.time.Instant;

/** A domain for sale. {@code length} is the registrable label's length ({@code example.com} is 7). */
@MappedEntity("listings")
public record Listing(@Id @GeneratedValue @Nullable Long id,
                      String name,
                      String tld,
                      @MappedProperty("name_length") int length,
                      long price,
                      String currency,
                      String category,
                      @TypeDef(type = DataType.STRING, converter = ListingStatusColumn.class) ListingStatus status,
                      boolean hasDigits,
                      boolean hasHyphen,
                      Instant listedAt,
                      Instant updatedAt) {
}
