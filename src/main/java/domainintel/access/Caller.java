package domainintel.access;

import io.micronaut.http.HttpRequest;

/**
 * The identified caller of an authenticated request: which key, which account (whose quota it spends),
 * which owner, and the account's tier. Features read it to scope what they show (e.g. webhooks belong
 * to the owner, not the key).
 */
public record Caller(String keyId, String account, String owner, Tier tier) {
    public static final String ATTRIBUTE = "domainintel.caller";

    public static Caller of(HttpRequest<?> request) {
        return request.getAttribute(ATTRIBUTE, Caller.class)
                .orElseThrow(() -> new IllegalStateException("route is not behind AccessFilter"));
    }
}
