package domainintel.valuation;

import domainintel.contract.Rejection;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.json.tree.JsonNode;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;

import java.util.ArrayList;
import java.util.List;

/**
 * The bodies of the valuation endpoints. They are read from the JSON tree rather than bound by the
 * framework because the contract is stricter than binding: {@code {"domain": 42}} is refused as
 * {@code invalid_request} (binding would turn 42 into "42"), and in a batch a non-string entry fails
 * alone in its slot instead of failing the whole request.
 */
final class ValuationRequests {
    private ValuationRequests() {
    }

    @Schema(name = "ValuationRequest")
    record Single(@Schema(description = "Any name, listed or not.", example = "carinsurance.com") String domain) {

        static Single parse(@Nullable JsonNode body) {
            JsonNode domain = body == null || !body.isObject() ? null : body.get("domain");
            if (domain == null || !domain.isString()) {
                throw Rejection.invalidRequest("The body must be a JSON object with a string field 'domain'.");
            }
            return new Single(domain.getStringValue());
        }
    }

    /** {@code domains} as given: an entry that is not a string is kept, to fail in its own slot. */
    @Schema(name = "BulkValuationRequest")
    record Bulk(@ArraySchema(arraySchema = @Schema(description = "1 to 50 names (Sovereign) or 200 (Enterprise); the answer keeps this order."),
            schema = @Schema(implementation = String.class), minItems = 1, maxItems = 200) List<JsonNode> domains) {

        static Bulk parse(@Nullable JsonNode body) {
            JsonNode domains = body == null || !body.isObject() ? null : body.get("domains");
            if (domains == null || !domains.isArray()) {
                throw Rejection.invalidRequest("The body must be a JSON object with an array field 'domains'.");
            }
            if (domains.size() == 0) {
                throw Rejection.invalidRequest("'domains' is empty: give at least one name.");
            }
            List<JsonNode> entries = new ArrayList<>(domains.size());
            domains.values().forEach(entries::add);
            return new Bulk(entries);
        }
    }
}
