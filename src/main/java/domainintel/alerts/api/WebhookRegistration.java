package domainintel.alerts.api;

import domainintel.alerts.EventType;
import domainintel.alerts.WebhookFilters;
import domainintel.catalogue.ListingWriter;
import domainintel.names.CategoryTaxonomy;
import domainintel.names.DomainNames;
import domainintel.contract.Rejection;
import domainintel.web.WholeNumbers;
import io.micronaut.json.tree.JsonNode;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The body of {@code POST /webhooks}, checked field by field: {@code invalid_request} naming the
 * field for anything missing, ill-typed or unknown ({@code invalid_webhook_url} is the guard's).
 * Public so that the dashboard's form, turned into the same JSON, is checked by the same rules.
 */
@Schema(name = "WebhookRegistration", requiredProperties = {"url", "events"})
public record WebhookRegistration(
        @Schema(description = "The https URL that receives the alerts.", example = "https://example.com/hooks/domains") String url,
        @ArraySchema(schema = @Schema(allowableValues = {"domain.price_dropped", "domain.price_increased", "domain.listed"}), minItems = 1) List<String> events,
        @Schema(description = "Every filter given must match; none means every event.") WebhookFilters filters) {
    static final int MAX_LIST = 100;
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);
    private static final Set<String> FIELDS = Set.of("url", "events", "filters");
    private static final Set<String> FILTERS = Set.of("domains", "tlds", "categories", "maxPrice", "minDropPercent");

    public static WebhookRegistration parse(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw Rejection.invalidRequest("The body must be a JSON object with 'url' and 'events'.");
        }
        for (Map.Entry<String, JsonNode> field : body.entries()) {
            if (!FIELDS.contains(field.getKey())) {
                throw Rejection.invalidRequest("Unknown field '" + field.getKey() + "'; expected url, events, filters.");
            }
        }
        // Absent and present-but-wrong get different messages: "required" for a field that is there misleads.
        JsonNode url = body.get("url");
        if (url == null || url.isNull() || url.isString() && url.getStringValue().isBlank()) {
            throw Rejection.invalidRequest("'url' is required: the https URL that receives the alerts.");
        }
        if (!url.isString()) {
            throw Rejection.invalidRequest("'url' must be a string: the https URL that receives the alerts.");
        }
        String eventTypes = String.join(", ", EventType.subscribable());
        JsonNode events = body.get("events");
        if (events == null || events.isNull()) {
            throw Rejection.invalidRequest("'events' is required: a list of one or more of " + eventTypes + ".");
        }
        if (!events.isArray()) {
            throw Rejection.invalidRequest("'events' must be a list of event types (a JSON array) from " + eventTypes + ".");
        }
        if (events.size() == 0) {
            throw Rejection.invalidRequest("'events' must list at least one event type: " + eventTypes + ".");
        }
        Set<String> eventNames = new LinkedHashSet<>();
        for (JsonNode e : events.values()) {
            if (!e.isString() || !EventType.subscribable().contains(e.getStringValue())) {
                throw Rejection.invalidRequest("'events' may contain only " + eventTypes + ".");
            }
            eventNames.add(e.getStringValue());
        }
        JsonNode filters = body.get("filters");
        return new WebhookRegistration(url.getStringValue().trim(), List.copyOf(eventNames),
                filters == null || filters.isNull() ? WebhookFilters.NONE : filters(filters));
    }

    private static WebhookFilters filters(JsonNode filters) {
        if (!filters.isObject()) {
            throw Rejection.invalidRequest("'filters' must be an object.");
        }
        for (Map.Entry<String, JsonNode> field : filters.entries()) {
            if (!FILTERS.contains(field.getKey())) {
                throw Rejection.invalidRequest("Unknown filter 'filters." + field.getKey()
                        + "'; expected domains, tlds, categories, maxPrice, minDropPercent.");
            }
        }
        List<String> domains = strings(filters, "domains", value -> DomainNames.tryParse(value).map(d -> d.name()).orElseThrow(
                () -> Rejection.invalidRequest("'filters.domains' contains '" + value + "', which is not a registrable domain name.")));
        List<String> tlds = strings(filters, "tlds", value -> DomainNames.parseSuffix(value, "'filters.tlds' value '" + value + "'"));
        List<String> categories = strings(filters, "categories", value -> {
            if (!CategoryTaxonomy.isCategory(value)) {
                throw Rejection.invalidRequest("'filters.categories' must contain only: "
                        + String.join(", ", CategoryTaxonomy.categories()) + ".");
            }
            return value;
        });
        Long maxPrice = null;
        JsonNode max = filters.get("maxPrice");
        if (max != null && !max.isNull()) {
            // No listing costs more than the catalogue's highest price, so no higher filter could mean more.
            maxPrice = WholeNumbers.within(max, 1, ListingWriter.MAX_PRICE).orElseThrow(() -> Rejection.invalidRequest(
                    "'filters.maxPrice' must be a whole number of USD from 1 to " + ListingWriter.MAX_PRICE + "."));
        }
        Double minDrop = null;
        JsonNode drop = filters.get("minDropPercent");
        if (drop != null && !drop.isNull()) {
            minDrop = percent(drop).orElseThrow(() -> Rejection.invalidRequest(
                    "'filters.minDropPercent' must be a number above 0 and at most 100, with at most two decimals."));
        }
        return new WebhookFilters(domains, tlds, categories, maxPrice, minDrop);
    }

    /**
     * A drop threshold from 0.01 to 100 in hundredths, the precision of an event's {@code changePercent}
     * (a finer one selects the same drops as its next hundredth), checked on the decimal as sent: the body
     * is read with exact fractions ({@code ExactJsonTree}), so nothing above 100 or below a hundredth is
     * rounded into range. Every such value is stored exactly: a double holds five significant digits.
     */
    private static Optional<Double> percent(JsonNode node) {
        if (!node.isNumber()) {
            return Optional.empty();
        }
        Number number = node.getNumberValue();
        BigDecimal value = number instanceof BigDecimal exact ? exact
                : number instanceof BigInteger whole ? new BigDecimal(whole) : new BigDecimal(number.toString());
        if (value.signum() <= 0 || value.compareTo(HUNDRED) > 0 || value.stripTrailingZeros().scale() > 2) {
            return Optional.empty();
        }
        return Optional.of(value.doubleValue());
    }

    private static List<String> strings(JsonNode filters, String name, java.util.function.Function<String, String> normalise) {
        JsonNode node = filters.get(name);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isArray() || node.size() == 0 || node.size() > MAX_LIST) {
            throw Rejection.invalidRequest("'filters." + name + "' must be an array of 1 to " + MAX_LIST + " strings.");
        }
        Set<String> values = new LinkedHashSet<>();
        for (JsonNode v : node.values()) {
            if (!v.isString()) {
                throw Rejection.invalidRequest("'filters." + name + "' must contain only strings.");
            }
            values.add(normalise.apply(v.getStringValue().trim()));
        }
        return new ArrayList<>(values);
    }
}
