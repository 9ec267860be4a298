package domainintel.dashboard;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;

/**
 * Browser protections for the dashboard's pages: scripts only from this origin (every script is a
 * file in the jar), no framing, forms posting only here. The referrer policy is same-origin rather
 * than the API's no-referrer, under which browsers send {@code Origin: null} with a form post and
 * the server's cross-origin check would refuse sign-in.
 */
@ServerFilter(Dashboard.PATH + "/**")
public class PageHeadersFilter {
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            + "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'";

    @ResponseFilter
    public void protect(HttpRequest<?> request, MutableHttpResponse<?> response) {
        response.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.header("X-Frame-Options", "DENY");
        response.header("Referrer-Policy", "same-origin");
    }
}
