package domainintel.web;

import io.micronaut.http.HttpRequest;

import java.util.UUID;
import java.util.regex.Pattern;

/** The id that ties a response (header {@code X-Request-Id}, {@code error.requestId}) to our logs. */
public final class RequestIds {
    public static final String HEADER = "X-Request-Id";
    private static final String ATTRIBUTE = "domainintel.requestId";
    // A caller's own id is echoed only when it is short and plain, so it can never inject into headers or logs.
    private static final Pattern ACCEPTABLE = Pattern.compile("[A-Za-z0-9._-]{8,64}");

    private RequestIds() {
    }

    /** The request's id, assigned on first use: the caller's {@code X-Request-Id} if acceptable, else a new one. */
    public static String of(HttpRequest<?> request) {
        return request.getAttribute(ATTRIBUTE, String.class).orElseGet(() -> {
            String offered = request.getHeaders().get(HEADER);
            String id = offered != null && ACCEPTABLE.matcher(offered).matches() ? offered : "req_" + UUID.randomUUID().toString().replace("-", "");
            request.setAttribute(ATTRIBUTE, id);
            return id;
        });
    }
}
