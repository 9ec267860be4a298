package domainintel.alerts.relay;

import domainintel.alerts.WebhookProperties;
import domainintel.catalogue.ListingPriceChanged;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.transaction.annotation.TransactionalEventListener;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shortens the path from a committed price change to the queue: locally it wakes the relay
 * thread; where there is none (the AWS admin function) it relays in this request, after commit.
 * A failure here loses nothing: the events wait in the outbox for the next relay or sweep.
 */
@Singleton
public class RelayAfterCommit {
    private static final Logger LOG = LoggerFactory.getLogger(RelayAfterCommit.class);

    private final AlertRelay relay;
    private final LocalRelayLoop loop;
    private final boolean enabled;

    public RelayAfterCommit(AlertRelay relay, @Nullable LocalRelayLoop loop,
                            WebhookProperties properties) {
        this.relay = relay;
        this.loop = loop;
        this.enabled = properties.relayAfterCommit();
    }

    @TransactionalEventListener(TransactionalEventListener.TransactionPhase.AFTER_COMMIT)
    void afterCommit(ListingPriceChanged change) {
        if (!enabled) {
            return;
        }
        if (loop != null) {
            loop.wake();
            return;
        }
        try {
            relay.relayPending();
        } catch (RuntimeException e) {
            LOG.warn("Relay after commit failed; the scheduled sweep will relay: {}", e.toString());
        }
    }
}
