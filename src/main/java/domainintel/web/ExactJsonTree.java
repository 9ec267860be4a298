package domainintel.web;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON body as a tree whose fractions are exact ({@link java.math.BigDecimal}). The application's
 * mapper makes every fraction in a tree a double, so {@code 100.00000000000000000001} is 100 before a
 * field's bound is checked, and a value out of range is stored as an edge of it. For bodies with a
 * fractional field that is checked and kept (webhook filters); integers are as the mapper reads them.
 */
public final class ExactJsonTree {
    private static final JsonFactory FACTORY = new JsonFactory();

    private ExactJsonTree() {
    }

    /**
     * The body, read first by the application's mapper, so that what it refuses (a malformed body, a
     * field given twice, text after the document, the size limits) is refused here with the same error;
     * then read again, now a well-formed document, keeping the digits of each fraction.
     */
    public static JsonNode read(JsonMapper json, String body) throws IOException {
        json.readValue(body, JsonNode.class);
        try (JsonParser parser = FACTORY.createParser(body)) {
            parser.nextToken();
            return node(parser);
        }
    }

    private static JsonNode node(JsonParser parser) throws IOException {
        return switch (parser.currentToken()) {
            case START_OBJECT -> {
                Map<String, JsonNode> fields = new LinkedHashMap<>();
                while (parser.nextToken() != JsonToken.END_OBJECT) {
                    String name = parser.currentName();
                    parser.nextToken();
                    fields.put(name, node(parser));
                }
                yield JsonNode.createObjectNode(fields);
            }
            case START_ARRAY -> {
                List<JsonNode> values = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    values.add(node(parser));
                }
                yield JsonNode.createArrayNode(values);
            }
            case VALUE_STRING -> JsonNode.createStringNode(parser.getText());
            case VALUE_NUMBER_INT -> integer(parser.getNumberValue());
            case VALUE_NUMBER_FLOAT -> JsonNode.createNumberNode(parser.getDecimalValue());
            case VALUE_TRUE -> JsonNode.createBooleanNode(true);
            case VALUE_FALSE -> JsonNode.createBooleanNode(false);
            default -> JsonNode.nullNode();
        };
    }

    /** An integer as the mapper holds it: int, long, or BigInteger beyond a long. */
    private static JsonNode integer(Number value) {
        if (value instanceof Integer i) {
            return JsonNode.createNumberNode(i.intValue());
        }
        if (value instanceof Long l) {
            return JsonNode.createNumberNode(l.longValue());
        }
        return JsonNode.createNumberNode((BigInteger) value);
    }
}
