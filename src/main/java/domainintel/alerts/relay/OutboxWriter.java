package domainintel.alerts.relay;

import domainintel.alerts.AlertEvent;
import domainintel.alerts.EventIds;
import domainintel.alerts.EventType;
import domainintel.alerts.store.OutboxEntry;
import domainintel.alerts.store.OutboxRepository;
import domainintel.catalogue.ListingPriceChanged;
import io.micronaut.runtime.event.annotation.EventListener;
import io.micronaut.transaction.TransactionDefinition;
import io.micronaut.transaction.annotation.Transactional;
import jakarta.inject.Singleton;

/**
 * Turns every listing price change into an alert event in the outbox, inside the catalogue's own
 * transaction ({@code MANDATORY}: there is no outbox write without the change, nor the reverse).
 */
@Singleton
public class OutboxWriter {
    private final OutboxRepository outbox;

    public OutboxWriter(OutboxRepository outbox) {
        this.outbox = outbox;
    }

    @EventListener
    @Transactional(propagation = TransactionDefinition.Propagation.MANDATORY)
    void onPriceChange(ListingPriceChanged change) {
        EventType type = AlertEvent.typeOf(change.oldPrice(), change.newPrice());
        outbox.save(new OutboxEntry(null, EventIds.next(change.changedAt()), type.wireName(), change.domain(), change.tld(),
                change.category(), change.oldPrice(), change.newPrice(), change.currency(), change.changedAt()));
    }
}
