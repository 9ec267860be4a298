package domainintel.contract;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Typed reads of query parameters, each failure an {@code invalid_request} naming the parameter.
 * A parameter given twice is refused rather than silently taking one of the values.
 */
public final class QueryParameters {
    private final Map<String, List<String>> parameters;

    /** @param parameters each parameter name with all the values the request gave it */
    public QueryParameters(Map<String, List<String>> parameters) {
        this.parameters = parameters;
    }

    public Optional<String> string(String name) {
        List<String> values = parameters.getOrDefault(name, List.of());
        if (values.isEmpty()) {
            return Optional.empty();
        }
        if (values.size() > 1) {
            throw Rejection.invalidRequest("Query parameter '" + name + "' is given more than once.");
        }
        String value = values.get(0).strip();
        if (value.isEmpty()) {
            throw Rejection.invalidRequest("Query parameter '" + name + "' is empty.");
        }
        return Optional.of(value);
    }

    public Optional<Long> integer(String name, long min, long max) {
        return string(name).map(value -> {
            long parsed;
            try {
                parsed = Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw Rejection.invalidRequest("Query parameter '" + name + "' must be a whole number.");
            }
            if (parsed < min || parsed > max) {
                throw Rejection.invalidRequest("Query parameter '" + name + "' must be between " + min + " and " + max + ".");
            }
            return parsed;
        });
    }

    public Optional<Boolean> bool(String name) {
        return string(name).map(value -> switch (value.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw Rejection.invalidRequest("Query parameter '" + name + "' must be true or false.");
        });
    }

    /** A state given by its wire name ({@link WireNames}), e.g. {@code period=quarter}. */
    public <E extends Enum<E>> Optional<E> oneOf(String name, Class<E> type) {
        return oneOf(name, WireNames.all(type)).map(value -> WireNames.parseStored(type, value));
    }

    public Optional<String> oneOf(String name, List<String> allowed) {
        return string(name).map(value -> {
            if (!allowed.contains(value)) {
                throw Rejection.invalidRequest("Query parameter '" + name + "' must be one of " + String.join(", ", allowed) + ".");
            }
            return value;
        });
    }
}
