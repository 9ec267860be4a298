package domainintel.market;

import domainintel.contract.QueryParameters;
import io.micronaut.core.annotation.Introspected;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.QueryValue;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The query of {@code GET /market/trends} as the spec shows it. Values arrive as text and are checked
 * by {@link TrendQuery}, so a bad one is {@code invalid_request} naming the parameter.
 */
@Introspected
public record TrendsRequest(
        @Nullable @QueryValue @Parameter(description = "How the series is cut.")
        @Schema(type = "string", allowableValues = {"month", "quarter", "year"}, defaultValue = "month") String period,
        @Nullable @QueryValue @Parameter(description = "A registry suffix, e.g. `com` or `co.uk` (leading dot accepted).", example = "com")
        @Schema(type = "string") String tld,
        @Nullable @QueryValue @Parameter(description = "One of the categories of the name analysis.", example = "technology")
        @Schema(type = "string") String category,
        @Nullable @QueryValue @Parameter(description = "Auction (wholesale) or end-user (retail) sales.")
        @Schema(type = "string", allowableValues = {"wholesale", "retail"}) String market,
        @Nullable @QueryValue @Parameter(description = "First month of the window, inclusive.", example = "2019-01")
        @Schema(type = "string", pattern = "^\\d{4}-\\d{2}$") String from,
        @Nullable @QueryValue @Parameter(description = "Last month of the window, inclusive.", example = "2020-12")
        @Schema(type = "string", pattern = "^\\d{4}-\\d{2}$") String to,
        @Parameter(hidden = true) HttpRequest<?> request) {

    QueryParameters parameters() {
        return new QueryParameters(request.getParameters().asMap());
    }
}
