package domainintel.valuation;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * One name's valuation as the contract shapes it: {@code value} and {@code range} for the retail
 * (end-user) market, {@code wholesale} for the auction market, {@code marketability} (0–1, how
 * likely a name like it is to find a buyer at all; both values already weigh it in), what drove the
 * value, and real comparable sales.
 */
// Empty lists are shown, not left out (serde's default): the spec says these fields are always there.
@JsonInclude(JsonInclude.Include.NON_NULL)
@Serdeable
public record Valuation(String domain, String currency, long value, Range range, MarketValue wholesale,
                        double marketability, List<Driver> drivers, List<Comparable> comparables, String modelVersion, Instant valuedAt) {

    /** An interval that holds the sale price with probability {@code coverage}. */
    @Serdeable
    public record Range(long low, long high, double coverage) {
    }

    @Serdeable
    public record MarketValue(long value, long low, long high, double coverage) {
    }

    /**
     * @param factor      what about the name (length, extension, keywords...)
     * @param effect      its contribution to the natural log of the value: +0.41 multiplies the value by about 1.5
     * @param description the same in plain words
     */
    @Serdeable
    public record Driver(String factor, double effect, String description) {
    }

    /** A real past sale of a similar name; {@code date} is null when the report gave none. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Comparable(String domain, long price, @Nullable LocalDate date, @Nullable String venue,
                             String market, double similarity) {
    }
}
