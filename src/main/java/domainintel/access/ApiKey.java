package domainintel.access;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

import java.time.Instant;

/** An API key's public record: everything but the secret, which is never kept. */
@Serdeable
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApiKey(String id, @Nullable String name, String tier, String owner, String start,
                     Instant createdAt, @Nullable Instant revokedAt) {
}
