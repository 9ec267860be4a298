package domainintel.alerts;

import io.micronaut.core.annotation.Nullable;

import java.time.Instant;
import java.util.List;

/** A registered webhook. The signing secret is not part of it: it is kept sealed and read only to sign. */
public record Webhook(String id, String owner, String url, List<String> events, WebhookFilters filters,
                      Instant createdAt, boolean disabled, @Nullable String disabledReason) {

    public static final String ACTIVE = "active";
    public static final String DISABLED = "disabled";

    public boolean wants(AlertEvent event) {
        return !disabled && events.contains(event.type().wireName()) && filters.matches(event);
    }
}
