package domainintel.alerts.store;

import domainintel.alerts.AlertEvent;
import domainintel.alerts.EventType;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.GeneratedValue;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;

import java.time.Instant;

/** An alert event waiting in the outbox for the relay (table {@code alert_outbox}, migration V3). */
@MappedEntity("alert_outbox")
public record OutboxEntry(@Id @GeneratedValue @Nullable Long id,
                          String eventId,
                          String eventType,
                          String domain,
                          String tld,
                          String category,
                          @Nullable Long oldPrice,
                          long newPrice,
                          String currency,
                          Instant occurredAt) {

    public AlertEvent toEvent() {
        return new AlertEvent(eventId, EventType.fromWire(eventType).orElseThrow(), occurredAt, domain, tld, category,
                oldPrice, newPrice, currency);
    }
}
