package domainintel.alerts;

import domainintel.alerts.store.OutboxEntry;
import domainintel.alerts.store.OutboxRepository;
import domainintel.catalogue.ListingRepository;
import domainintel.catalogue.ListingUpdate;
import domainintel.catalogue.ListingWriter;
import domainintel.names.DomainNames;
import domainintel.support.TempDataDir;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The outbox row and the listing change commit together or not at all. No relay runs here
 * ({@code webhooks.local-workers=false}), so the outbox shows exactly what the changes wrote.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OutboxTest implements TempDataDir {
    @Inject
    ListingWriter writer;
    @Inject
    ListingRepository listings;
    @Inject
    OutboxRepository outbox;
    @Inject
    TransactionOperations<Connection> transactions;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> properties = new HashMap<>(TempDataDir.super.getProperties());
        properties.put("webhooks.local-workers", "false");
        properties.put("webhooks.relay-after-commit", "false");
        return properties;
    }

    private List<OutboxEntry> eventsFor(String domain) {
        return outbox.oldest(10_000).stream().filter(e -> e.domain().equals(domain)).toList();
    }

    @Test
    void everyPriceChangeWritesOneEventOfTheRightType() {
        String domain = "outboxtypes.com";
        writer.upsert(DomainNames.parse(domain), new ListingUpdate(1000L, null, null), Instant.now());
        writer.upsert(DomainNames.parse(domain), new ListingUpdate(800L, null, null), Instant.now());
        writer.upsert(DomainNames.parse(domain), new ListingUpdate(900L, null, null), Instant.now());
        writer.upsert(DomainNames.parse(domain), new ListingUpdate(900L, "finance", "pending"), Instant.now());
        List<OutboxEntry> events = eventsFor(domain);
        assertEquals(List.of("domain.listed", "domain.price_dropped", "domain.price_increased"),
                events.stream().map(OutboxEntry::eventType).toList(), "no event without a price change");
        assertNull(events.get(0).oldPrice());
        assertEquals(1000L, events.get(1).oldPrice());
        assertEquals(800L, events.get(1).newPrice());
        assertEquals("com", events.get(2).tld());
        assertTrue(events.get(2).eventId().startsWith("evt_"));
    }

    @Test
    void aRolledBackChangeLeavesNoEvent() {
        String domain = "outboxrollback.com";
        writer.upsert(DomainNames.parse(domain), new ListingUpdate(5000L, null, null), Instant.now());
        assertThrows(IllegalStateException.class, () -> transactions.executeWrite(status -> {
            writer.upsert(DomainNames.parse(domain), new ListingUpdate(4000L, null, null), Instant.now());
            throw new IllegalStateException("the surrounding work fails after the change");
        }));
        assertEquals(5000L, listings.findByName(domain).orElseThrow().price());
        assertEquals(1, eventsFor(domain).size(), "only the committed listing event");
    }
}
