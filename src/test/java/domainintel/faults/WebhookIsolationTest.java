package domainintel.faults;

import domainintel.alerts.DeliveryStatus;
import domainintel.alerts.store.DeliveryLog;
import domainintel.support.StandardWebhooksVerifier;
import domainintel.support.Api;
import domainintel.support.TempDataDir;
import domainintel.support.WebhookReceiver;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static domainintel.support.WebhookReceiver.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two receivers answering in 15 s (the documented timeout) and one refusing connections, beside a
 * healthy one, all subscribed to the same burst of changes: the healthy webhook gets every alert
 * before the slow ones have answered once, the slow ones get each event exactly once, and every
 * delivery verifies. The slow ones hold twelve attempts between them, more than a shared pool of
 * ten delivery threads (the design this replaced) could run while still serving anyone else. The
 * healthy webhook's usual latency is measured first, alone, in the same run, and printed beside.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WebhookIsolationTest implements TempDataDir {
    static final int EVENTS = 6;
    static final Duration SLOW = Duration.ofSeconds(15);

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;

    @Override
    public Map<String, String> getProperties() {
        return withProperties(Map.of("webhooks.allow-private-targets", "true"));
    }

    @Inject
    DeliveryLog log;

    /** Registers a webhook; its id and secret. */
    private String[] register(Api api, String key, String url) {
        var reply = api.postJson("/api/v1/webhooks", key, "{\"url\":\"" + url
                + "\",\"events\":[\"domain.listed\"],\"filters\":{\"tlds\":[\"dev\"]}}");
        assertEquals(201, reply.status(), reply.raw().body());
        var webhook = reply.data().get("webhook");
        return new String[]{webhook.get("id").getStringValue(), webhook.get("secret").getStringValue()};
    }

    @Test
    void aSlowAndADeadReceiverCostAHealthyWebhookNothing() throws Exception {
        Api api = new Api(server.getURI(), json);
        String key = api.createKey("enterprise", "isolation");
        try (WebhookReceiver receiver = new WebhookReceiver().delaying("/slow", SLOW).delaying("/slow2", SLOW)) {
            String healthySecret = register(api, key, receiver.url("/healthy"))[1];
            List<Long> alone = burstLatencies(api, receiver, "alone");
            String[] slowHook = register(api, key, receiver.url("/slow"));
            register(api, key, receiver.url("/slow2"));
            register(api, key, "http://127.0.0.1:1/dead");
            List<Long> latencies = burstLatencies(api, receiver, "isolation");
            System.out.printf("FAULTS isolation: healthy webhook alone: latency ms min %d, median %d, max %d;"
                            + " beside two %d s receivers and a dead one: min %d, median %d, max %d (%s)%n",
                    alone.get(0), alone.get(alone.size() / 2), alone.get(alone.size() - 1), SLOW.toSeconds(),
                    latencies.get(0), latencies.get(latencies.size() / 2), latencies.get(latencies.size() - 1), uptime());
            assertTrue(receiver.received("/slow").stream().allMatch(slow -> slow.at().plus(SLOW).isAfter(lastHealthy(receiver))),
                    "the healthy webhook's alerts all arrived before either slow receiver had answered once: " + latencies);

            await(() -> receiver.received("/slow").size() >= EVENTS
                    && log.recent(slowHook[0], 100).stream().filter(d -> d.status() == DeliveryStatus.DELIVERED).count() == EVENTS, "the slow webhook's alerts");
            Map<String, Long> perId = receiver.received("/slow").stream()
                    .collect(Collectors.groupingBy(WebhookReceiver.Received::webhookId, Collectors.counting()));
            assertEquals(EVENTS, perId.size());
            perId.forEach((id, n) -> assertEquals(1L, n, id + " sent more than once to a receiver answering within the timeout"));

            StandardWebhooksVerifier slow = new StandardWebhooksVerifier(slowHook[1]);
            StandardWebhooksVerifier healthy = new StandardWebhooksVerifier(healthySecret);
            receiver.received("/slow").forEach(r -> assertTrue(slow.verifies(r), "slow " + r.webhookId()));
            receiver.received("/healthy").forEach(r -> assertTrue(healthy.verifies(r), "healthy " + r.webhookId()));
            receiver.received("/healthy").forEach(r -> assertTrue(!slow.verifies(r), "signed with its own secret"));
        }
    }

    /** Lists {@link #EVENTS} new .dev names and returns the healthy webhook's latencies for them, sorted (ms). */
    private List<Long> burstLatencies(Api api, WebhookReceiver receiver, String prefix) {
        Map<String, Instant> acknowledged = new HashMap<>();
        for (int i = 0; i < EVENTS; i++) {
            String domain = prefix + i + ".dev";
            var reply = api.send("PUT", "/admin/v1/domains/" + domain, Api.ADMIN_TOKEN, "application/json", "{\"price\":" + (900 + i) + "}");
            assertEquals(201, reply.status(), reply.raw().body());
            acknowledged.put(domain, Instant.now());
        }
        await(() -> receiver.received("/healthy").stream().filter(r -> acknowledged.containsKey(domainOf(r))).count() >= EVENTS,
                "the healthy webhook's " + prefix + " alerts");
        List<Long> latencies = new ArrayList<>();
        for (WebhookReceiver.Received alert : receiver.received("/healthy")) {
            Instant sent = acknowledged.get(domainOf(alert));
            if (sent != null) {
                latencies.add(Duration.between(sent, alert.at()).toMillis());
            }
        }
        latencies.sort(Long::compare);
        return latencies;
    }

    private static Instant lastHealthy(WebhookReceiver receiver) {
        return receiver.received("/healthy").stream().map(WebhookReceiver.Received::at).max(Instant::compareTo).orElseThrow();
    }

    private String domainOf(WebhookReceiver.Received alert) {
        try {
            return json.readValue(alert.body(), io.micronaut.json.tree.JsonNode.class).get("data").get("domain").getStringValue();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String uptime() {
        try {
            return "load " + java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "load unknown";
        }
    }
}
