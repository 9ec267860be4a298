package domainintel.dashboard;

import io.micronaut.json.tree.JsonNode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The webhooks page's form, turned into the JSON body {@code POST /api/v1/webhooks} takes, so that
 * one parser checks both with the same rules and messages. Lists typed into a text field are split
 * at commas and spaces; a number field that does not read as a number goes on as text, for the
 * parser to refuse with its message.
 */
final class WebhookForm {
    private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");

    private WebhookForm() {
    }

    /** An {@code application/x-www-form-urlencoded} body as name to values, in order (checkboxes repeat a name). */
    static Map<String, List<String>> decode(String body) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        if (body == null || body.isEmpty()) {
            return fields;
        }
        for (String pair : body.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            fields.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        }
        return fields;
    }

    static JsonNode toRegistration(Map<String, List<String>> form) {
        Map<String, JsonNode> body = new LinkedHashMap<>();
        String url = first(form, "url");
        if (!url.isEmpty()) {
            body.put("url", JsonNode.createStringNode(url));
        }
        body.put("events", strings(form.getOrDefault("events", List.of())));
        Map<String, JsonNode> filters = new LinkedHashMap<>();
        putList(filters, "domains", split(first(form, "domains")));
        putList(filters, "tlds", split(first(form, "tlds")));
        putList(filters, "categories", form.getOrDefault("categories", List.of()).stream().filter(c -> !c.isBlank()).toList());
        putNumber(filters, "maxPrice", first(form, "maxPrice"));
        putNumber(filters, "minDropPercent", first(form, "minDropPercent"));
        if (!filters.isEmpty()) {
            body.put("filters", JsonNode.createObjectNode(filters));
        }
        return JsonNode.createObjectNode(body);
    }

    private static String first(Map<String, List<String>> form, String name) {
        List<String> values = form.get(name);
        return values == null || values.isEmpty() ? "" : values.get(0).strip();
    }

    private static List<String> split(String value) {
        return Arrays.stream(value.split("[,\\s]+")).filter(v -> !v.isEmpty()).toList();
    }

    private static void putList(Map<String, JsonNode> filters, String name, List<String> values) {
        if (!values.isEmpty()) {
            filters.put(name, strings(values));
        }
    }

    private static JsonNode strings(List<String> values) {
        return JsonNode.createArrayNode(values.stream().map(JsonNode::createStringNode).toList());
    }

    private static void putNumber(Map<String, JsonNode> filters, String name, String value) {
        if (value.isEmpty()) {
            return;
        }
        filters.put(name, number(value));
    }

    /** Digits alone are an integer, as in a JSON body, so whole-number fields take them; other numbers keep their fraction. */
    private static JsonNode number(String value) {
        if (INTEGER.matcher(value).matches()) {
            return JsonNode.createNumberNode(new BigInteger(value));
        }
        try {
            return JsonNode.createNumberNode(new BigDecimal(value));
        } catch (NumberFormatException notANumber) {
            return JsonNode.createStringNode(value);
        }
    }
}
