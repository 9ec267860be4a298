package domainintel.valuation;

import io.micronaut.core.annotation.NonBlocking;
import domainintel.access.Caller;
import domainintel.names.DomainNames;
import domainintel.contract.Rejection;
import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import domainintel.contract.ErrorCode;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.serde.annotation.Serdeable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Values any name, one at a time or in a batch of up to the caller's tier limit. */
@Controller
public class ValuationController {
    private final Valuator valuator;

    public ValuationController(Valuator valuator) {
        this.valuator = valuator;
    }

    /**
     * On the event loop (about 0.2 ms of in-memory model work, nothing that blocks): with the key
     * check's answer read there too, a single valuation makes no thread hand-off.
     */
    @Post(ApiPaths.V1 + "/valuations")
    @NonBlocking
    public ApiResponse value(@Body @Nullable JsonNode body) {
        JsonNode domain = body == null || !body.isObject() ? null : body.get("domain");
        if (domain == null || !domain.isString()) {
            throw Rejection.invalidRequest("The body must be a JSON object with a string field 'domain'.");
        }
        return ApiResponse.ok(Map.of("valuation", valuator.value(DomainNames.parse(domain.getStringValue()))));
    }

    /** A slot of a bulk answer for a name that could not be valued. */
    @Serdeable
    public record Failure(@Nullable String domain, ApiResponse.Error error) {
    }

    @Post(ApiPaths.V1 + "/valuations/bulk")
    public ApiResponse bulk(HttpRequest<?> request, @Body @Nullable JsonNode body) {
        JsonNode domains = body == null || !body.isObject() ? null : body.get("domains");
        if (domains == null || !domains.isArray()) {
            throw Rejection.invalidRequest("The body must be a JSON object with an array field 'domains'.");
        }
        if (domains.size() == 0) {
            throw Rejection.invalidRequest("'domains' is empty: give at least one name.");
        }
        int limit = Caller.of(request).tier().batchLimit();
        if (domains.size() > limit) {
            throw new Rejection(ErrorCode.BATCH_TOO_LARGE,
                    "At most " + limit + " domains per batch on this plan; received " + domains.size() + ".",
                    Map.of("limit", limit, "received", domains.size()));
        }
        List<JsonNode> entries = new ArrayList<>(domains.size());
        domains.values().forEach(entries::add);
        // Names are independent: a batch uses every core (the order of the answer is the input's).
        List<Object> slots = entries.parallelStream().map(this::slot).toList();
        int failed = (int) slots.stream().filter(Failure.class::isInstance).count();
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("count", domains.size());
        meta.put("valued", domains.size() - failed);
        meta.put("failed", failed);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("valuations", slots);
        data.put("meta", meta);
        return ApiResponse.ok(data);
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
