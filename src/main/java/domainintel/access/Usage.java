package domainintel.access;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * An account's use of its daily quota: today (shared by all its keys), each key's part of it, and
 * the account's count for each of the last 30 UTC days, oldest first. Served by
 * {@code GET /api/v1/usage} and drawn by the dashboard.
 */
// Empty lists are shown, not left out (serde's default): the spec says these fields are always there.
@JsonInclude(JsonInclude.Include.NON_NULL)
@Serdeable
public record Usage(String account, Tier tier, Today today, List<KeyUsage> keys, List<Day> days) {

    @Serdeable
    public record Today(LocalDate date, long used, long limit, long remaining, Instant resetAt) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record KeyUsage(String id, @Nullable String name, String start, Instant createdAt, long today, long last30Days,
                           @Nullable Instant lastUsedAt, @Nullable Instant revokedAt) {
    }

    @Serdeable
    public record Day(LocalDate date, long used) {
    }
}
