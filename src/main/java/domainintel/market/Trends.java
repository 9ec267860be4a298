package domainintel.market;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

import java.util.List;

/**
 * The answer of {@code GET /market/trends}: every figure describes the same set of sales (dated, in
 * the window, matching the filters). Medians are whole USD; {@code change} and {@code share} are
 * fractions rounded to four decimals. Nulls are written out: "no median" and "no change" are answers.
 */
@Serdeable
@JsonInclude(JsonInclude.Include.ALWAYS)
public record Trends(String period, Filters filters, Summary summary, List<Point> series, @Nullable ChangeBasis changeBasis,
                     List<TldRow> tlds, List<CategoryRow> categories, List<LengthRow> lengths) {

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Filters(@Nullable String tld, @Nullable String category, @Nullable String market) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Summary(long sales, long volume, @Nullable Long medianPrice, @Nullable String from, @Nullable String to) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Point(String period, long sales, long volume, @Nullable Long medianPrice, @Nullable Double change) {
    }

    /** The two periods the {@code change} of the TLD and category rows compares. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record ChangeBasis(String current, String previous) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record TldRow(String tld, long sales, long volume, double share, long medianPrice, @Nullable Double change) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record CategoryRow(String category, long sales, long volume, double share, long medianPrice, @Nullable Double change,
                              List<String> topKeywords) {
    }

    /** Names whose label has {@code length} characters, or {@code length} and more when {@code orLonger}. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record LengthRow(int length, boolean orLonger, long sales, long medianPrice) {
    }
}
