package domainintel.web;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;

/**
 * Headers every response carries, whichever path produced it (a controller, a filter's refusal, or
 * an error the server raised before routing): the request id, and the security headers. Responses
 * carry API keys, webhook secrets and per-account data, so nothing is cached unless a route says so.
 */
public final class ResponseHeaders {
    static final String HSTS = "max-age=31536000; includeSubDomains";

    private ResponseHeaders() {
    }

    public static void apply(HttpRequest<?> request, MutableHttpResponse<?> response) {
        var headers = response.getHeaders();
        headers.set(RequestIds.HEADER, RequestIds.of(request));
        headers.set("Strict-Transport-Security", HSTS);
        headers.set("X-Content-Type-Options", "nosniff");
        if (!headers.contains("Referrer-Policy")) { // the dashboard's pages set their own
            headers.set("Referrer-Policy", "no-referrer");
        }
        if (!headers.contains(HttpHeaders.CACHE_CONTROL)) {
            headers.set(HttpHeaders.CACHE_CONTROL, "no-store");
        }
    }
}
