package domainintel.web;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;

import java.util.Optional;

/**
 * What a caller is told about a request body that does not parse as JSON, on every route: one
 * sentence and, where the parser knows it, the line and column. The parser's own messages name its
 * classes and settings ({@code StreamReadConstraints}, {@code [Source: REDACTED ...]}), so they are
 * never shown.
 */
public final class MalformedJson {
    private static final String NOT_JSON = "The body is not valid JSON";
    private static final String DUPLICATE = "Duplicate field ";

    private MalformedJson() {
    }

    /** The sentence for a failure to read a body, or the generic one when the failure says no more. */
    public static String message(Throwable failure) {
        return describe(failure).orElse(NOT_JSON + ".");
    }

    /** The sentence for a failure whose causes include a JSON parse error; empty for any other failure. */
    public static Optional<String> describe(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof StreamConstraintsException) {
                return Optional.of(NOT_JSON + ": it is beyond this API's limits (1,000 levels of nesting, "
                        + "1,000 digits in a number, 50,000 characters in a field name).");
            }
            if (t instanceof SingleDocumentReads.TrailingContent trailing) {
                return Optional.of(NOT_JSON + ": there is more after the JSON document" + at(trailing.getLocation()) + ".");
            }
            if (t instanceof JsonParseException parse) {
                String reason = parse.getOriginalMessage();
                // Strict duplicate detection: the field's name is the caller's own input, and the useful part.
                String detail = reason != null && reason.startsWith(DUPLICATE)
                        ? ": field " + reason.substring(DUPLICATE.length()) + " is given twice" : "";
                return Optional.of(NOT_JSON + detail + at(parse.getLocation()) + ".");
            }
        }
        return Optional.empty();
    }

    private static String at(JsonLocation location) {
        return location == null || location.getLineNr() < 1 ? ""
                : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }
}
