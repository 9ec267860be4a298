package domainintel.web;

import domainintel.contract.ErrorCode;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;
import io.micronaut.web.router.RouteAttributes;

/**
 * Last touch on every response, errors included: the request id and security headers, the envelope
 * for an error some other layer answered without one (the CORS filter's 403, for one), and for an
 * identified key the quota in the body and in the RateLimit headers.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
public class EnvelopeFilter implements io.micronaut.core.order.Ordered {
    private static final String DASHBOARD = "/dashboard/";

    @ResponseFilter
    public void finish(HttpRequest<?> request, MutableHttpResponse<?> response) {
        ResponseHeaders.apply(request, response);
        if (request.getMethod() == HttpMethod.HEAD && response.getContentType().isEmpty()) {
            // HEAD is GET without the body, and the body is dropped before its type would be named.
            RouteAttributes.getRouteInfo(request).flatMap(route -> route.getProduces().stream().findFirst())
                    .ifPresent(response::contentType);
        }
        if (response.getStatus().getCode() >= 400 && response.getBody(ApiResponse.class).isEmpty() && !isDashboardPage(request, response)) {
            ErrorCode code = ErrorEnvelopes.codeFor(request, response.getStatus().getCode());
            ((MutableHttpResponse<Object>) response).body(
                    ApiResponse.error(code, ErrorEnvelopes.defaultMessage(code, request), RequestIds.of(request), null));
            response.contentType(io.micronaut.http.MediaType.APPLICATION_JSON_TYPE);
        }
        RateLimit.of(request).ifPresent(rateLimit -> {
            rateLimit.writeHeaders(response);
            if (response.getStatus().getCode() == 429) {
                response.header("Retry-After", Long.toString(rateLimit.secondsUntilReset()));
            }
            response.getBody(ApiResponse.class).ifPresent(body ->
                    ((MutableHttpResponse<Object>) response).body(body.withRateLimit(rateLimit.view())));
        });
    }

    /** The dashboard answers people in HTML (or a plain sentence), which is kept as it is. */
    private static boolean isDashboardPage(HttpRequest<?> request, MutableHttpResponse<?> response) {
        return request.getPath().startsWith(DASHBOARD) && response.getBody().isPresent();
    }

    @Override
    public int getOrder() {
        // Outermost: runs after every other response filter and sees the final body.
        return ServerFilterPhase.FIRST.order();
    }
}
