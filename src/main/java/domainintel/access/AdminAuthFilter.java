package domainintel.access;

import domainintel.web.ApiException;
import domainintel.web.ApiPaths;
import domainintel.web.ErrorCode;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;

import java.security.MessageDigest;

/**
 * Guards the operators' API with {@code ADMIN_TOKEN}. With no token configured the admin API does
 * not exist (404), so a deployment cannot expose it by accident. Comparison is constant-time.
 */
@ServerFilter(ApiPaths.ADMIN + "/**")
public class AdminAuthFilter implements Ordered {
    private final byte[] tokenHash;

    public AdminAuthFilter(@Property(name = "admin.token") @Nullable String token) {
        this.tokenHash = token == null || token.isBlank() ? null : ApiKeySecrets.sha256(token);
    }

    @RequestFilter
    public void authorize(HttpRequest<?> request) {
        if (tokenHash == null) {
            throw new ApiException(ErrorCode.NOT_FOUND, "The admin API is disabled; set ADMIN_TOKEN to enable it.");
        }
        String given = AccessFilter.bearerToken(request);
        if (!MessageDigest.isEqual(tokenHash, ApiKeySecrets.sha256(given))) {
            throw new ApiException(ErrorCode.INVALID_API_KEY, "The admin token is not valid.");
        }
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.SECURITY.order();
    }
}
