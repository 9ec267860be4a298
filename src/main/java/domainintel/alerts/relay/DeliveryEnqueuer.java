package domainintel.alerts.relay;

import domainintel.alerts.AlertPayload;
import domainintel.alerts.DeliveryMessage;
import domainintel.alerts.store.AlertQueue;
import domainintel.alerts.store.DeliveryLog;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * Puts deliveries on the alert queue: the relay's for outbox events and the webhook service's test events.
 * Apart from {@link AlertRelay} because it needs no outbox: the functions that only send test events (webhooks,
 * dashboard) then hold no repository and leave Micronaut Data unread ({@code FunctionApplicationContext}).
 */
@Singleton
public class DeliveryEnqueuer {
    private final DeliveryLog log;
    private final AlertQueue queue;
    private final JsonMapper json;
    private final Clock clock;

    public DeliveryEnqueuer(DeliveryLog log, AlertQueue queue, JsonMapper json, Clock clock) {
        this.log = log;
        this.queue = queue;
        this.json = json;
        this.clock = clock;
    }

    /** Records the deliveries as pending, then queues them: the log shows a delivery before any attempt. */
    public void enqueue(List<DeliveryMessage> messages) {
        var now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        for (DeliveryMessage message : messages) {
            log.ensurePending(message, now);
        }
        queue.send(messages);
    }

    public String payload(AlertPayload payload) {
        try {
            return json.writeValueAsString(payload);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
