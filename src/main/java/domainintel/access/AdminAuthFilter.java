package domainintel.access;

import domainintel.contract.ErrorCode;
import domainintel.contract.Rejection;
import domainintel.web.ApiPaths;
import domainintel.web.RequestIds;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/**
 * Guards the operators' API with the admin token ({@link AdminToken}). With no token configured the admin API does
 * not exist (404), so a deployment cannot expose it by accident. Comparison is constant-time.
 * Wrong tokens are logged (address, route, request id; never the token) and throttled per client
 * address: after {@link #MAX_FAILURES} in a minute, every admin request from there is refused
 * ({@code 429 too_many_attempts}) until the minute is over.
 */
@ServerFilter(ApiPaths.ADMIN + "/**")
public class AdminAuthFilter implements Ordered {
    private static final Logger LOG = LoggerFactory.getLogger(AdminAuthFilter.class);
    static final int MAX_FAILURES = 10;
    static final Duration WINDOW = Duration.ofMinutes(1);

    private final AdminToken token;
    private final FailedAttempts failures;

    public AdminAuthFilter(AdminToken token, Clock clock) {
        this.token = token;
        this.failures = new FailedAttempts(MAX_FAILURES, WINDOW, clock);
    }

    @RequestFilter
    public void authorize(HttpRequest<?> request) {
        byte[] tokenHash = token.hash();
        if (tokenHash == null) {
            throw new Rejection(ErrorCode.NOT_FOUND, "The admin API is disabled; set ADMIN_TOKEN to enable it.");
        }
        String address = clientAddress(request);
        long blocked = failures.blockedForSeconds(address);
        if (blocked > 0) {
            throw new Rejection(ErrorCode.TOO_MANY_ATTEMPTS, "Too many wrong admin tokens from this address; retry in "
                    + blocked + " s.", Map.of("retryAfterSeconds", blocked));
        }
        String given = AccessFilter.bearerToken(request);
        if (!MessageDigest.isEqual(tokenHash, ApiKeySecrets.sha256(given))) {
            int count = failures.recordFailure(address);
            LOG.warn("Admin token rejected: {} {} from {} (request {}, {} failure(s) from this address this minute{})",
                    request.getMethodName(), request.getUri().getRawPath(), address, RequestIds.of(request), count,
                    count >= MAX_FAILURES ? "; now throttled" : "");
            throw new Rejection(ErrorCode.INVALID_API_KEY, "The admin token is not valid.");
        }
    }

    private static String clientAddress(HttpRequest<?> request) {
        InetSocketAddress remote = request.getRemoteAddress();
        return remote.getAddress() != null ? remote.getAddress().getHostAddress() : remote.getHostString();
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.SECURITY.order();
    }
}
