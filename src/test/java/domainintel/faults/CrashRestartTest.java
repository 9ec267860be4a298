package domainintel.faults;

import domainintel.support.StandardWebhooksVerifier;
import domainintel.support.Api;
import domainintel.support.WebhookReceiver;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static domainintel.support.WebhookReceiver.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * kill -9 during writes, then a start on the same DATA_DIR, {@code faults.restarts} times (3 in CI;
 * {@code -Dfaults.restarts=20} for the full run reported in docs/reliability.md). Writers raise the
 * prices of their own listings one request at a time, so each listing's stored price must be the last
 * acknowledged one or a later one whose request a kill left unanswered (any run's: a write that
 * committed just before one kill may be followed by one that did not commit before the next). A webhook subscribed to every change
 * checks the alerts: each is signed (verified independently), each is for a change that survived,
 * and every surviving change gets its alert after the restarts.
 */
class CrashRestartTest {
    static final int WRITERS = 4;
    static final int LISTINGS_PER_WRITER = 5;

    private final JsonMapper json = JsonMapper.createDefault();

    /** The listings: the last price acknowledged (2xx), and every price sent whose request a kill left unanswered. */
    static final class Ledger {
        final Map<String, Long> acknowledged = new ConcurrentHashMap<>();
        final Map<String, Set<Long>> unanswered = new ConcurrentHashMap<>();
        final AtomicLong acks = new AtomicLong();
        final AtomicLong failures = new AtomicLong();
    }

    @Test
    void acknowledgedWritesAndOnlyTheirAlertsSurviveKillNine() throws Exception {
        int restarts = Integer.getInteger("faults.restarts", 3);
        Path dataDir = Files.createTempDirectory("crash").resolve("data");
        Files.createDirectories(dataDir);
        Ledger ledger = new Ledger();
        Map<String, Long> nextPrice = new ConcurrentHashMap<>();
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            String key;
            String secret;
            try (ServerProcess first = ServerProcess.start(dataDir, Map.of(), 0)) {
                Api api = new Api(first.base(), json);
                key = api.createKey("enterprise", "crash-owner");
                var reply = api.postJson("/api/v1/webhooks", key, "{\"url\":\"" + receiver.url("/crash")
                        + "\",\"events\":[\"domain.listed\",\"domain.price_increased\"],\"filters\":{\"tlds\":[\"io\"]}}");
                assertEquals(201, reply.status(), reply.raw().body());
                secret = reply.data().get("webhook").get("secret").getStringValue();
            }
            for (int run = 1; run <= restarts; run++) {
                ServerProcess server = ServerProcess.start(dataDir, Map.of(), run);
                writeUntilKilled(server, ledger, nextPrice);
            }
            Map<String, Long> stored;
            try (ServerProcess last = ServerProcess.start(dataDir, Map.of(), restarts + 1)) {
                Api api = new Api(last.base(), json);
                stored = storedPrices(api, key);
                int lost = 0;
                for (var acked : ledger.acknowledged.entrySet()) {
                    Long now = stored.get(acked.getKey());
                    boolean unanswered = now != null && now > acked.getValue()
                            && ledger.unanswered.getOrDefault(acked.getKey(), Set.of()).contains(now);
                    if (now == null || (now.longValue() != acked.getValue() && !unanswered)) {
                        lost++;
                    }
                }
                // Every surviving price has its alert once the restarted relay and poller catch up. The backlog
                // is every alert the kills interrupted (a few hundred on a slow machine), hence the longer wait.
                try {
                    await(() -> stored.entrySet().stream().allMatch(e -> alerted(receiver, e.getKey(), e.getValue())),
                            "an alert for every listing's surviving price", Duration.ofMinutes(3));
                } catch (AssertionError timedOut) {
                    throw new AssertionError(timedOut.getMessage() + "; still without one: " + stored.entrySet().stream()
                            .filter(e -> !alerted(receiver, e.getKey(), e.getValue())).toList(), timedOut);
                }
                System.out.printf("FAULTS crash-restart: %d kill -9 restarts, %d acknowledged writes, %d lost, %d requests failed by the kills,"
                        + " %d starts failed and retried%n", restarts, ledger.acks.get(), lost, ledger.failures.get(), ServerProcess.FAILED_STARTS.get());
                assertEquals(0, lost, "acknowledged writes lost; stored " + stored + ", acknowledged " + ledger.acknowledged);
            }
            Map<String, Set<Long>> history = priceHistory(dataDir);
            StandardWebhooksVerifier verifier = new StandardWebhooksVerifier(secret);
            List<WebhookReceiver.Received> alerts = receiver.received("/crash");
            Set<String> ids = new HashSet<>();
            int duplicates = 0;
            for (WebhookReceiver.Received alert : alerts) {
                assertTrue(verifier.verifies(alert), "signature of " + alert.webhookId());
                JsonNode data = json.readValue(alert.body(), JsonNode.class).get("data");
                String domain = data.get("domain").getStringValue();
                long price = data.get("newPrice").getLongValue();
                assertTrue(history.getOrDefault(domain, Set.of()).contains(price),
                        "alert for " + domain + " at " + price + ", a change that did not survive");
                if (!ids.add(alert.webhookId())) {
                    duplicates++;
                }
            }
            System.out.printf("FAULTS crash-restart alerts: %d received, %d distinct, %d repeated after a kill, 0 for lost changes%n",
                    alerts.size(), ids.size(), duplicates);
        }
    }

    /** Writers raise prices until the server is killed 1 to 2.5 s in; returns once they have all stopped. */
    private void writeUntilKilled(ServerProcess server, Ledger ledger, Map<String, Long> nextPrice) throws InterruptedException {
        Api api = new Api(server.base(), json);
        AtomicBoolean killed = new AtomicBoolean();
        List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            Thread t = new Thread(() -> {
                while (!killed.get()) {
                    String domain = "crash-" + writer + "-" + ThreadLocalRandom.current().nextInt(LISTINGS_PER_WRITER) + ".io";
                    long price = nextPrice.merge(domain, 1L, Long::sum) + 1_000;
                    try {
                        var reply = api.send("PUT", "/admin/v1/domains/" + domain, Api.ADMIN_TOKEN, "application/json",
                                "{\"price\":" + price + "}");
                        if (reply.status() == 200 || reply.status() == 201) {
                            ledger.acknowledged.put(domain, price);
                            ledger.acks.incrementAndGet();
                        } else {
                            throw new AssertionError("unexpected " + reply.status() + " " + reply.raw().body());
                        }
                    } catch (UncheckedIOException | IllegalStateException diedMidRequest) {
                        ledger.unanswered.computeIfAbsent(domain, d -> ConcurrentHashMap.newKeySet()).add(price);
                        ledger.failures.incrementAndGet();
                        return;
                    }
                }
            }, "crash-writer-" + w);
            writers.add(t);
            t.start();
        }
        Thread.sleep(ThreadLocalRandom.current().nextLong(1_000, 2_500));
        server.kill();
        killed.set(true);
        for (Thread t : writers) {
            t.join(60_000);
        }
    }

    private static Map<String, Long> storedPrices(Api api, String key) {
        var reply = api.get("/api/v1/domains?q=crash-&perPage=100", key);
        assertEquals(200, reply.status(), reply.raw().body());
        Map<String, Long> prices = new HashMap<>();
        for (JsonNode listing : reply.data().get("domains").values()) {
            prices.put(listing.get("name").getStringValue(), listing.get("price").getLongValue());
        }
        return prices;
    }

    private boolean alerted(WebhookReceiver receiver, String domain, long price) {
        return receiver.received("/crash").stream().anyMatch(r -> {
            try {
                JsonNode data = json.readValue(r.body(), JsonNode.class).get("data");
                return data.get("domain").getStringValue().equals(domain) && data.get("newPrice").getLongValue() == price;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Every price each listing has had, read from the H2 files after the last server stopped. */
    private static Map<String, Set<Long>> priceHistory(Path dataDir) throws Exception {
        Map<String, Set<Long>> history = new HashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + dataDir.resolve("catalogue")
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE", "sa", "");
             Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT domain, new_price FROM price_changes")) {
            while (r.next()) {
                history.computeIfAbsent(r.getString(1), d -> new HashSet<>()).add(r.getLong(2));
            }
        }
        return history;
    }
}
