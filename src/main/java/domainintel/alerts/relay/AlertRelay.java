package domainintel.alerts.relay;

import domainintel.alerts.AlertEvent;
import domainintel.alerts.AlertPayload;
import domainintel.alerts.DeliveryMessage;
import domainintel.alerts.Webhook;
import domainintel.alerts.store.DeliveryLog;
import domainintel.alerts.store.OutboxEntry;
import domainintel.alerts.store.OutboxRepository;
import domainintel.alerts.store.WebhookRepository;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;

/**
 * Relays the outbox to the alert queue: matches each event against every active webhook, records
 * one pending delivery per (event, webhook) and sends one message for it, and only then deletes the
 * events from the outbox. A crash or an SQS outage anywhere in between leaves the events in the
 * outbox to be relayed again; the second relay reuses the same delivery ids, so the exactly-once
 * guard in {@link DeliveryLog} drops the duplicates.
 */
@Singleton
public class AlertRelay {
    static final int BATCH = 200;

    private final OutboxRepository outbox;
    private final WebhookRepository webhooks;
    private final DeliveryEnqueuer deliveries;

    public AlertRelay(OutboxRepository outbox, WebhookRepository webhooks, DeliveryEnqueuer deliveries) {
        this.outbox = outbox;
        this.webhooks = webhooks;
        this.deliveries = deliveries;
    }

    /** Relays everything in the outbox; returns how many events it relayed. One relay at a time per process. */
    public synchronized int relayPending() {
        int relayed = 0;
        while (true) {
            List<OutboxEntry> entries = outbox.oldest(BATCH);
            if (entries.isEmpty()) {
                return relayed;
            }
            List<Webhook> subscribers = webhooks.allActive();
            List<DeliveryMessage> messages = new ArrayList<>();
            for (OutboxEntry entry : entries) {
                AlertEvent event = entry.toEvent();
                String payload = deliveries.payload(new AlertPayload(event.type().wireName(), event.occurredAt().toString(), event.data()));
                for (Webhook webhook : subscribers) {
                    if (webhook.wants(event)) {
                        messages.add(DeliveryMessage.of(webhook.owner(), webhook.id(), event.eventId(), event.type().wireName(), payload));
                    }
                }
            }
            deliveries.enqueue(messages);
            outbox.deleteByIdIn(entries.stream().map(OutboxEntry::id).toList());
            relayed += entries.size();
        }
    }
}
