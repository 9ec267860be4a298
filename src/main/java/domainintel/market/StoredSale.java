package domainintel.market;

import domainintel.sales.Market;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.GeneratedValue;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import io.micronaut.data.annotation.TypeDef;
import io.micronaut.data.model.DataType;

import java.time.Instant;
import java.time.LocalDate;

/**
 * A sale in the sales history. {@code domain} is normalised by {@code names.DomainNames} and
 * {@code tld} is its registry suffix; {@code market} is stored as {@code wholesale} or {@code retail}.
 * {@code saleDate} is null when the report gave only a year ({@code saleYear}) or nothing.
 */
@MappedEntity("sales")
public record StoredSale(@Id @GeneratedValue @Nullable Long id,
                         String domain,
                         String tld,
                         long priceUsd,
                         @Nullable LocalDate saleDate,
                         @Nullable Integer saleYear,
                         @Nullable String venue,
                         String source,
                         @TypeDef(type = DataType.STRING, converter = MarketColumn.class) Market market,
                         Instant recordedAt) {

    /** The sale's identity in the history (column {@code sale_key}, migration V4): one row per key. */
    public String naturalKey() {
        return domain + "|" + priceUsd + "|" + (saleDate == null ? "" : saleDate.toString()) + "|"
                + (saleYear == null ? "" : saleYear.toString()) + "|" + source;
    }
}
