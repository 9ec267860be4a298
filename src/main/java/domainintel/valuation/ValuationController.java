package domainintel.valuation;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.NonBlocking;
import domainintel.access.Caller;
import domainintel.contract.ErrorCode;
import domainintel.contract.Rejection;
import domainintel.names.DomainNames;
import domainintel.web.ApiDocs;
import domainintel.web.KeyedOperations;
import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.extensions.Extension;
import io.swagger.v3.oas.annotations.extensions.ExtensionProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.tags.Tag;

import java.util.List;
import java.util.Map;

/** Values any name, one at a time or in a batch of up to the caller's tier limit. */
@Controller
@Tag(name = "Valuations")
@io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "400", ref = ApiDocs.BAD_REQUEST)
@io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "413", ref = ApiDocs.PAYLOAD_TOO_LARGE)
@io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "415", ref = ApiDocs.UNSUPPORTED_MEDIA_TYPE)
@io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "429", ref = ApiDocs.TOO_MANY_REQUESTS)
@KeyedOperations
public class ValuationController {
    private final Valuator valuator;

    public ValuationController(Valuator valuator) {
        this.valuator = valuator;
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record ValuationResult(Valuation valuation) {
    }

    /** A slot of a bulk answer for a name that could not be valued; {@code domain} is null when the entry was no string. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "BulkFailure")
    public record Failure(@Nullable String domain, ApiResponse.Error error) {
    }

    /** One slot per name given, in the input's order: a valuation, or the reason that name failed. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record BulkValuations(@ArraySchema(schema = @Schema(oneOf = {Valuation.class, Failure.class})) List<Object> valuations,
                                 BulkMeta meta) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record BulkMeta(int count, int valued, int failed) {
    }

    /**
     * On the event loop (about 0.2 ms of in-memory model work, nothing that blocks): with the key
     * check's answer read there too, a single valuation makes no thread hand-off.
     */
    @Post(ApiPaths.V1 + "/valuations")
    @NonBlocking
    @Operation(operationId = "valueDomain", summary = "Value one name",
            description = "Retail value with an 80% range, wholesale value, the drivers in plain words and the most similar real sales.",
            extensions = @Extension(properties = @ExtensionProperty(name = ApiDocs.TIER, value = "sovereign")))
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = ValuationRequests.Single.class)))
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "The valuation.")
    public ApiResponse<ValuationResult> value(@Parameter(hidden = true) @Body @Nullable JsonNode body) {
        var request = ValuationRequests.Single.parse(body);
        return ApiResponse.ok(new ValuationResult(valuator.value(DomainNames.parse(request.domain()))));
    }

    @Post(ApiPaths.V1 + "/valuations/bulk")
    @Operation(operationId = "valueDomains", summary = "Value many names in one call",
            description = "Up to 50 names (Sovereign) or 200 (Enterprise), one quota unit. An invalid name fails alone in its slot.",
            extensions = @Extension(properties = @ExtensionProperty(name = ApiDocs.TIER, value = "sovereign")))
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = ValuationRequests.Bulk.class)))
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "One slot per name.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "422", ref = ApiDocs.BATCH_TOO_LARGE)
    public ApiResponse<BulkValuations> bulk(@Parameter(hidden = true) Caller caller, @Parameter(hidden = true) @Body @Nullable JsonNode body) {
        List<JsonNode> entries = ValuationRequests.Bulk.parse(body).domains();
        int limit = caller.tier().batchLimit();
        if (entries.size() > limit) {
            throw new Rejection(ErrorCode.BATCH_TOO_LARGE,
                    "At most " + limit + " domains per batch on this plan; received " + entries.size() + ".",
                    Map.of("limit", limit, "received", entries.size()));
        }
        // Names are independent: a batch uses every core (the order of the answer is the input's).
        List<Object> slots = entries.parallelStream().map(this::slot).toList();
        int failed = (int) slots.stream().filter(Failure.class::isInstance).count();
        return ApiResponse.ok(new BulkValuations(slots, new BulkMeta(entries.size(), entries.size() - failed, failed)));
    }

    private Object slot(JsonNode entry) {
        if (!entry.isString()) {
            return new Failure(null, slotError("Each entry of 'domains' must be a string."));
        }
        String input = entry.getStringValue();
        var name = DomainNames.tryParse(input);
        return name.isPresent() ? valuator.value(name.get()) : new Failure(input, slotError(DomainNames.problem(input)));
    }

    private static ApiResponse.Error slotError(String message) {
        return new ApiResponse.Error(ErrorCode.INVALID_DOMAIN.code(), message, null, null);
    }
}
