package domainintel.web;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;

/**
 * Last touch on every response, errors included: the request id header, and for an identified key
 * the quota in the body and in the RateLimit headers.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
public class EnvelopeFilter implements io.micronaut.core.order.Ordered {

    @ResponseFilter
    public void finish(HttpRequest<?> request, MutableHttpResponse<?> response) {
        response.header(RequestIds.HEADER, RequestIds.of(request));
        RateLimit.of(request).ifPresent(rateLimit -> {
            rateLimit.writeHeaders(response);
            if (response.getStatus().getCode() == 429) {
                response.header("Retry-After", Long.toString(rateLimit.secondsUntilReset()));
            }
            response.getBody(ApiResponse.class).ifPresent(body ->
                    ((MutableHttpResponse<Object>) response).body(body.withRateLimit(rateLimit.view())));
        });
    }

    @Override
    public int getOrder() {
        // Outermost: runs after every other response filter and sees the final body.
        return ServerFilterPhase.FIRST.order();
    }
}
