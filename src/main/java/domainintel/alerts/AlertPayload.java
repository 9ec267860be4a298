package domainintel.alerts;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

/** The body a receiver gets: {@code {"type", "timestamp", "data"}} (Standard Webhooks' payload shape). */
@Serdeable
@JsonInclude(JsonInclude.Include.ALWAYS)
public record AlertPayload(String type, String timestamp, Object data) {

    /** {@code data} of the {@code domain.*} events; {@code oldPrice} and {@code changePercent} null for a new listing. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record PriceData(String domain, @Nullable Long oldPrice, long newPrice, String currency,
                            @Nullable Double changePercent) {
    }

    /** {@code data} of {@code webhook.test}. */
    @Serdeable
    public record TestData(String webhookId, String message) {
    }
}
