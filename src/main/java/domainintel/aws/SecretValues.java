package domainintel.aws;

import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import jakarta.inject.Singleton;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Secrets on AWS (database password, admin token, webhook key) are read from Secrets Manager when first
 * needed, not put in environment variables, and kept for {@code secrets.cache-for} so that a rotated value
 * reaches running (and SnapStart-restored) functions without a redeploy. Locally the plain configuration
 * values are used and this class never calls AWS.
 * <p>
 * A secret's string is used as it is, or, when it is a JSON object (as RDS-managed database secrets are),
 * its {@code password} field.
 */
@Singleton
public class SecretValues {
    private record Cached(String value, Instant until) {
    }

    private final Function<String, String> fetch;
    private final Duration cacheFor;
    private final Clock clock;
    private final JsonMapper json;
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();

    public SecretValues(@Property(name = "aws.region") String region,
                        @Property(name = "secrets.cache-for", defaultValue = "5m") Duration cacheFor,
                        Clock clock, JsonMapper json) {
        this(new SecretsManagerFetch(region), cacheFor, clock, json);
    }

    SecretValues(Function<String, String> fetch, Duration cacheFor, Clock clock, JsonMapper json) {
        this.fetch = fetch;
        this.cacheFor = cacheFor;
        this.clock = clock;
        this.json = json;
    }

    /** {@code plain} when configured (local use), else the value of the secret {@code secretId}, else null. */
    @Nullable
    public String resolve(@Nullable String plain, @Nullable String secretId) {
        if (plain != null && !plain.isBlank()) {
            return plain;
        }
        if (secretId == null || secretId.isBlank()) {
            return null;
        }
        Instant now = clock.instant();
        Cached cached = cache.get(secretId);
        if (cached == null || !now.isBefore(cached.until())) {
            cached = new Cached(unwrap(fetch.apply(secretId)), now.plus(cacheFor));
            cache.put(secretId, cached);
        }
        return cached.value();
    }

    /** Forgets every value read, so that each is read again on its next use (after a SnapStart restore). */
    public void forget() {
        cache.clear();
    }

    private String unwrap(String secretString) {
        String trimmed = secretString.trim();
        if (!trimmed.startsWith("{")) {
            return trimmed;
        }
        try {
            JsonNode password = json.readValue(trimmed, JsonNode.class).get("password");
            if (password == null || !password.isString()) {
                throw new IllegalStateException("A JSON secret must have a string field \"password\"");
            }
            return password.getStringValue();
        } catch (IOException e) {
            throw new IllegalStateException("A secret that starts with '{' must be a JSON object", e);
        }
    }

    /** The Secrets Manager client is built on first use: functions that need no secret never create it. */
    private static final class SecretsManagerFetch implements Function<String, String> {
        private final String region;
        private volatile SecretsManagerClient client;

        SecretsManagerFetch(String region) {
            this.region = region;
        }

        @Override
        public String apply(String secretId) {
            if (client == null) {
                synchronized (this) {
                    if (client == null) {
                        client = SecretsManagerClient.builder()
                                .region(Region.of(region))
                                .httpClientBuilder(UrlConnectionHttpClient.builder().connectionTimeout(Duration.ofSeconds(2)))
                                .credentialsProvider(DefaultCredentialsProvider.builder().build())
                                .build();
                    }
                }
            }
            return client.getSecretValue(b -> b.secretId(secretId)).secretString();
        }
    }
}
