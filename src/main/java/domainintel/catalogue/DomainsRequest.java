package domainintel.catalogue;

import domainintel.contract.QueryParameters;
import io.micronaut.core.annotation.Introspected;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.QueryValue;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The query of {@code GET /domains}, parameter by parameter as the spec shows it. Values arrive as
 * text and are checked by {@link ListingQuery} (which also refuses a parameter given twice), so a bad
 * value is always {@code invalid_request} naming the parameter, never a framework binding error.
 */
@Introspected
public record DomainsRequest(
        @Nullable @QueryValue @Parameter(description = "Part of the name (letters, digits, '.', '-').") @Schema(type = "string", maxLength = 253) String q,
        @Nullable @QueryValue @Parameter(description = "A registry suffix, e.g. `com` or `co.uk` (leading dot accepted).", example = "com") @Schema(type = "string") String tld,
        @Nullable @QueryValue @Parameter(description = "One of the categories of the name analysis.", example = "business") @Schema(type = "string") String category,
        @Nullable @QueryValue @Parameter(description = "Shortest label length.") @Schema(type = "integer", minimum = "1", maximum = "63") String minLength,
        @Nullable @QueryValue @Parameter(description = "Longest label length.") @Schema(type = "integer", minimum = "1", maximum = "63") String maxLength,
        @Nullable @QueryValue @Parameter(description = "Lowest asking price, USD.") @Schema(type = "integer", format = "int64", minimum = "0") String minPrice,
        @Nullable @QueryValue @Parameter(description = "Highest asking price, USD.") @Schema(type = "integer", format = "int64", minimum = "0") String maxPrice,
        @Nullable @QueryValue @Schema(type = "boolean") String hasDigits,
        @Nullable @QueryValue @Schema(type = "boolean") String hasHyphen,
        @Nullable @QueryValue @Parameter(description = "Sort key; a leading '-' sorts descending. Ties are broken by name.")
        @Schema(type = "string", allowableValues = {"price", "-price", "length", "-length", "name", "-name", "listedAt", "-listedAt"}, defaultValue = "name") String sort,
        @Nullable @QueryValue @Schema(type = "integer", minimum = "1", maximum = "1000000", defaultValue = "1") String page,
        @Nullable @QueryValue @Schema(type = "integer", minimum = "1", maximum = "100", defaultValue = "20") String perPage,
        @Parameter(hidden = true) HttpRequest<?> request) {

    QueryParameters parameters() {
        return new QueryParameters(request.getParameters().asMap());
    }
}
