package domainintel.alerts.api;

import domainintel.alerts.Webhook;
import domainintel.alerts.WebhookFilters;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

import java.util.List;

/** A webhook as the API shows it; {@code secret} only in the registration response. */
@Serdeable
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WebhookView(String id, String url, List<String> events, WebhookFilters filters, String status,
                          @Nullable String disabledReason, String createdAt, @Nullable String secret) {

    static WebhookView of(Webhook w) {
        return withSecret(w, null);
    }

    static WebhookView withSecret(Webhook w, @Nullable String secret) {
        return new WebhookView(w.id(), w.url(), w.events(), w.filters(), w.disabled() ? Webhook.DISABLED : Webhook.ACTIVE,
                w.disabledReason(), w.createdAt().toString(), secret);
    }
}
