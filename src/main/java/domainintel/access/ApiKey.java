package domainintel.access;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

import java.time.Instant;

/**
 * An API key's public record: everything but the secret, which is never kept. {@code account} is
 * the account whose quota it spends; {@code owner} what its webhooks are scoped by (for an account
 * made in the dashboard, the account itself).
 */
@Serdeable
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApiKey(String id, @Nullable String name, Tier tier, String owner, @Nullable String account, String start,
                     Instant createdAt, @Nullable Instant revokedAt) {
}
