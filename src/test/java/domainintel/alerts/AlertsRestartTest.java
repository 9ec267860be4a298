package domainintel.alerts;

import domainintel.alerts.relay.AlertRelay;
import domainintel.alerts.store.DeliveryLog;
import domainintel.support.Api;
import domainintel.support.WebhookReceiver;
import domainintel.support.WebhookReceiver.Answer;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static domainintel.support.WebhookReceiver.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Nothing is lost across a stop: events committed but never relayed (the process stopped between
 * the change and the relay), and deliveries waiting for a retry in the queue when the server
 * stopped, are all delivered after a start on the same DATA_DIR, each exactly once.
 */
class AlertsRestartTest {
    private static EmbeddedServer start(Path dataDir, boolean workers) {
        Map<String, Object> properties = new HashMap<>();
        properties.put("data-dir", dataDir.toString());
        properties.put("admin.token", Api.ADMIN_TOKEN);
        properties.put("micronaut.server.port", "-1");
        properties.put("webhooks.allow-private-targets", "true");
        properties.put("webhooks.retry-schedule", "1,1,1,1,1,1,1,1,1,1");
        properties.put("webhooks.local-workers", Boolean.toString(workers));
        properties.put("webhooks.relay-after-commit", Boolean.toString(workers));
        return ApplicationContext.run(EmbeddedServer.class, properties);
    }

    private static void setPrice(Api api, String domain, long price) {
        var reply = api.send("PUT", "/admin/v1/domains/" + domain, Api.ADMIN_TOKEN, "application/json", "{\"price\":" + price + "}");
        assertTrue(reply.status() == 200 || reply.status() == 201, reply.raw().body());
    }

    /** Read from the delivery log directly: polling over HTTP would spend the key's daily quota. */
    private static List<String> statuses(EmbeddedServer server, String webhookId) {
        return server.getApplicationContext().getBean(DeliveryLog.class).recent(webhookId, 100).stream()
                .map(d -> d.status().wireName() + ":" + d.attempts()).toList();
    }

    @Test
    void unrelayedEventsAndPendingRetriesAreDeliveredAfterARestart() throws Exception {
        Path dataDir = Files.createTempDirectory("alerts-restart");
        try (WebhookReceiver receiver = new WebhookReceiver().answering(n -> Answer.of(503))) {
            String key;
            String webhookId;
            // 1. Changes commit but the process stops before any relay (no relay runs in this one).
            try (EmbeddedServer first = start(dataDir, false)) {
                Api api = new Api(first.getURI(), first.getApplicationContext().getBean(JsonMapper.class));
                key = api.createKey("enterprise", "restart-owner");
                var reply = api.postJson("/api/v1/webhooks", key, "{\"url\":\"" + receiver.url("/restart")
                        + "\",\"events\":[\"domain.listed\",\"domain.price_dropped\"],\"filters\":{\"tlds\":[\"io\"]}}");
                assertEquals(201, reply.status(), reply.raw().body());
                webhookId = reply.data().get("webhook").get("id").getStringValue();
                for (int i = 0; i < 3; i++) {
                    setPrice(api, "unrelayed" + i + ".io", 100 + i);
                }
            }
            // 2. The next run relays them and more, but the receiver is down: all wait for a retry when it stops.
            try (EmbeddedServer second = start(dataDir, true)) {
                Api api = new Api(second.getURI(), second.getApplicationContext().getBean(JsonMapper.class));
                for (int i = 0; i < 3; i++) {
                    setPrice(api, "inflight" + i + ".io", 200 + i);
                }
                await(() -> statuses(second, webhookId).size() == 6
                        && statuses(second, webhookId).stream().allMatch(s -> s.startsWith("pending:") && !s.endsWith(":0")),
                        "six deliveries attempted and waiting for a retry");
            }
            int attemptsBeforeRestart = receiver.received().size();
            receiver.answering(n -> Answer.of(200));
            // 3. Started again with the receiver healthy: every alert arrives, once.
            try (EmbeddedServer third = start(dataDir, true)) {
                Api api = new Api(third.getURI(), third.getApplicationContext().getBean(JsonMapper.class));
                await(() -> statuses(third, webhookId).stream().allMatch(s -> s.startsWith("delivered:")), "all delivered");
                var after = receiver.received().subList(attemptsBeforeRestart, receiver.received().size());
                Map<String, Long> perId = after.stream().collect(Collectors.groupingBy(WebhookReceiver.Received::webhookId, Collectors.counting()));
                assertEquals(6, perId.size(), "six alerts delivered after the restart");
                perId.values().forEach(count -> assertEquals(1L, count, "each exactly once to the healthy receiver"));
            }
        }
    }

    /**
     * A process that died holding an attempt's lease (kill -9 between the claim and the outcome) does
     * not hold the delivery back until the lease runs out: the next start on the same embedded store
     * releases the lease and the alert goes out. The lease here is ten minutes, far past the wait.
     */
    @Test
    void aLeaseLeftByADeadProcessIsReleasedAtTheNextStart() throws Exception {
        Path dataDir = Files.createTempDirectory("alerts-lease");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            String webhookId;
            try (EmbeddedServer first = start(dataDir, false)) {
                Api api = new Api(first.getURI(), first.getApplicationContext().getBean(JsonMapper.class));
                String key = api.createKey("enterprise", "lease-owner");
                var reply = api.postJson("/api/v1/webhooks", key, "{\"url\":\"" + receiver.url("/lease")
                        + "\",\"events\":[\"domain.listed\"],\"filters\":{\"tlds\":[\"io\"]}}");
                assertEquals(201, reply.status(), reply.raw().body());
                webhookId = reply.data().get("webhook").get("id").getStringValue();
                setPrice(api, "leased.io", 300);
                first.getApplicationContext().getBean(AlertRelay.class).relayPending();
                DeliveryLog log = first.getApplicationContext().getBean(DeliveryLog.class);
                List<DeliveryMessage> pending = log.pending();
                assertEquals(1, pending.size());
                var claim = log.claim(pending.get(0), Instant.now(), Duration.ofMinutes(10));
                assertTrue(claim instanceof DeliveryLog.Claimed, claim.toString());
            }
            try (EmbeddedServer second = start(dataDir, true)) {
                await(() -> statuses(second, webhookId).equals(List.of("delivered:1")), "the leased delivery sent after the restart");
                assertEquals(1, receiver.received("/lease").size());
            }
        }
    }
}
