package domainintel.catalogue;

import com.fasterxml.jackson.annotation.JsonInclude;
import domainintel.valuation.NameAnalysis;
import domainintel.valuation.Valuation;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

import java.time.Instant;
import java.util.List;

/** One listing in full: the list view's fields, its price history, the valuation and the analysis. */
// Empty lists are shown, not left out (serde's default): the spec says these fields are always there.
@JsonInclude(JsonInclude.Include.NON_NULL)
@Serdeable
public record ListingDetail(String name, String tld, int length, long price, String currency, String category,
                            String status, Instant listedAt, Instant updatedAt, List<PricePoint> priceHistory,
                            Valuation valuation, NameAnalysis analysis) {

    /** A price the listing moved to; {@code previousPrice} is null when it was first listed. */
    @Serdeable
    public record PricePoint(long price, @Nullable Long previousPrice, Instant changedAt) {
    }

    static ListingDetail of(Listing listing, List<PricePoint> history, Valuation valuation, NameAnalysis analysis) {
        return new ListingDetail(listing.name(), listing.tld(), listing.length(), listing.price(), listing.currency(),
                listing.category(), listing.status().wireName(), listing.listedAt(), listing.updatedAt(), history, valuation, analysis);
    }
}
