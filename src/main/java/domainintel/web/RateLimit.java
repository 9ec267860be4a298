package domainintel.web;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;

import java.time.Instant;
import java.util.Optional;

/**
 * A key's daily quota as the caller sees it, attached to the request once the key is identified and
 * written into every response: the body's {@code rateLimit} and the IETF RateLimit header fields.
 */
public record RateLimit(long limit, long remaining, Instant resetAt, Instant now) {
    private static final String ATTRIBUTE = "domainintel.rateLimit";
    private static final long DAY_SECONDS = 86_400;

    public void attachTo(HttpRequest<?> request) {
        request.setAttribute(ATTRIBUTE, this);
    }

    public static Optional<RateLimit> of(HttpRequest<?> request) {
        return request.getAttribute(ATTRIBUTE, RateLimit.class);
    }

    public long secondsUntilReset() {
        return Math.max(1, resetAt.getEpochSecond() - now.getEpochSecond());
    }

    public ApiResponse.RateLimitView view() {
        return new ApiResponse.RateLimitView(limit, remaining, resetAt.toString());
    }

    public void writeHeaders(MutableHttpResponse<?> response) {
        response.header("RateLimit-Policy", "\"daily\";q=" + limit + ";w=" + DAY_SECONDS);
        response.header("RateLimit", "\"daily\";r=" + remaining + ";t=" + secondsUntilReset());
    }
}
