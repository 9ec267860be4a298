package domainintel.alerts.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import domainintel.alerts.DeliveryStatus;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

import java.util.List;

/** One delivery (an event to a webhook) with its attempts, as {@code GET /webhooks/{id}/deliveries} shows it. */
@Serdeable
@JsonInclude(JsonInclude.Include.ALWAYS)
public record DeliveryView(String eventId, String messageId, String type, DeliveryStatus status, int attempts,
                           @Nullable Integer lastStatusCode, @Nullable String lastAttemptAt, @Nullable String lastError,
                           @Nullable String nextAttemptAt, String createdAt, List<Attempt> history) {

    /** One attempt: when, the receiver's status code (null when none came back), the error, how long it took. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Attempt(int attempt, String at, @Nullable Integer statusCode, @Nullable String error, long durationMs) {
    }
}
