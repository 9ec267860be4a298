package domainintel.alerts;

import domainintel.alerts.outbound.TargetGuard;
import domainintel.alerts.outbound.WebhookSigner;
import domainintel.alerts.relay.DeliveryEnqueuer;
import domainintel.alerts.store.DeliveryLog;
import domainintel.alerts.store.DeliveryView;
import domainintel.alerts.store.WebhookRepository;
import domainintel.contract.ErrorCode;
import domainintel.contract.Rejection;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * What an owner does with its webhooks, the same whether through the public API (owner = the
 * calling key's) or the dashboard (owner = the signed-in account's): register behind the SSRF
 * guard and the per-owner cap, list, delete, send a test event, read the delivery log. Refusals are
 * {@link Rejection}s with the contract's codes.
 */
@Singleton
public class WebhookService {
    /** The newest deliveries a log read returns. */
    public static final int DELIVERIES_SHOWN = 100;

    private final WebhookRepository webhooks;
    private final TargetGuard guard;
    private final DeliveryLog log;
    private final DeliveryEnqueuer deliveries;
    private final Clock clock;
    private final int maxPerOwner;

    public WebhookService(WebhookRepository webhooks, TargetGuard guard, DeliveryLog log, DeliveryEnqueuer deliveries,
                          Clock clock, WebhookProperties properties) {
        this.webhooks = webhooks;
        this.guard = guard;
        this.log = log;
        this.deliveries = deliveries;
        this.clock = clock;
        this.maxPerOwner = properties.maxPerOwner();
    }

    /** A new webhook and its signing secret, which exists in the clear only in this value. */
    public record Registered(Webhook webhook, String secret) {
        @Override
        public String toString() {
            return "Registered[" + webhook.id() + "]"; // never the secret
        }
    }

    /** A queued test delivery: its event and message ids (the receiver's {@code webhook-id}). */
    public record QueuedTest(String eventId, String messageId) {
    }

    /** Registers a webhook for {@code owner}, whose fields the caller has already checked for shape. */
    public Registered register(String owner, String url, List<String> events, WebhookFilters filters) {
        guard.checkUrl(url);
        String secret = WebhookSigner.newSecret();
        Webhook webhook = new Webhook(WebhookIds.next(), owner, url, events, filters,
                clock.instant().truncatedTo(ChronoUnit.MILLIS), false, null);
        if (!webhooks.create(webhook, secret, maxPerOwner)) {
            throw Rejection.invalidRequest("This account already has " + maxPerOwner + " webhooks, the most it may have; delete one first.");
        }
        return new Registered(webhook, secret);
    }

    public List<Webhook> list(String owner) {
        return webhooks.list(owner);
    }

    /** The owner's webhook {@code id}; {@code webhook_not_found} for any other owner's or none. */
    public Webhook get(String owner, String id) {
        return webhooks.find(owner, wellFormed(id)).orElseThrow(() -> notFound(id));
    }

    public void delete(String owner, String id) {
        if (!webhooks.delete(owner, wellFormed(id))) {
            throw notFound(id);
        }
    }

    /** Queues a {@code webhook.test} event to the owner's webhook, delivered (and retried) like any alert. */
    public QueuedTest sendTest(String owner, String id) {
        Webhook webhook = get(owner, id);
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        String eventId = EventIds.next(now);
        String payload = deliveries.payload(new AlertPayload(EventType.TEST.wireName(), now.toString(),
                new AlertPayload.TestData(webhook.id(), "Test event from the Domain Intelligence API.")));
        DeliveryMessage message = DeliveryMessage.of(webhook.owner(), webhook.id(), eventId, EventType.TEST.wireName(), payload);
        deliveries.enqueue(List.of(message));
        return new QueuedTest(eventId, message.messageId());
    }

    /**
     * The webhook's newest deliveries, newest first; still readable after the webhook is deleted, so
     * its deliveries' outcomes can be checked. {@code webhook_not_found} when the owner has neither.
     */
    public List<DeliveryView> deliveries(String owner, String id) {
        List<DeliveryView> deliveries = log.recentOf(owner, wellFormed(id), DELIVERIES_SHOWN);
        if (deliveries.isEmpty() && webhooks.find(owner, id).isEmpty()) {
            throw notFound(id);
        }
        return deliveries;
    }

    /**
     * The id, checked before any route that takes one reads the store: one that no webhook can have
     * is not found (and a long one would be refused by DynamoDB as a key with an error, not a miss).
     */
    private static String wellFormed(String id) {
        if (!WebhookIds.isWellFormed(id)) {
            throw notFound(id);
        }
        return id;
    }

    private static Rejection notFound(String id) {
        return new Rejection(ErrorCode.WEBHOOK_NOT_FOUND, "No webhook '" + id + "' for this account.");
    }
}
