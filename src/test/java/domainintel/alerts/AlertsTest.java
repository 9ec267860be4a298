package domainintel.alerts;

import domainintel.alerts.outbound.WebhookSigner;
import domainintel.alerts.store.AlertQueue;
import domainintel.alerts.store.DeliveryLog;
import domainintel.alerts.store.OutboxRepository;
import domainintel.support.Api;
import domainintel.support.DashboardSession;
import domainintel.support.TempDataDir;
import domainintel.support.WebhookReceiver;
import domainintel.support.WebhookReceiver.Answer;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static domainintel.support.WebhookReceiver.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Price alerts end to end: webhook API over real HTTP, admin price changes, the outbox, relay,
 * ElasticMQ, the delivery worker and a real HTTP receiver on loopback. Each test uses its own
 * owner and domains so tests never see each other's alerts.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AlertsTest implements TempDataDir {
    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    AlertQueue queue;
    @Inject
    OutboxRepository outbox;
    @Inject
    DeliveryLog log;
    Api api;
    WebhookReceiver receiver;
    final AtomicInteger owners = new AtomicInteger();

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> properties = new HashMap<>(TempDataDir.super.getProperties());
        properties.put("webhooks.allow-private-targets", "true");
        properties.put("webhooks.retry-schedule", "1,1,1");
        // Short, for the slow-receiver test, yet room for a loaded machine: a healthy receiver that
        // answered late would be retried, and the tests that count deliveries would see it twice.
        properties.put("webhooks.timeout", "5s");
        return properties;
    }

    @BeforeAll
    void setUp() {
        api = new Api(server.getURI(), json);
        receiver = new WebhookReceiver();
    }

    @AfterAll
    void tearDown() {
        receiver.close();
    }

    private String enterpriseKey() {
        return api.createKey("enterprise", "owner-" + owners.incrementAndGet());
    }

    private Api.Reply register(String key, String body) {
        return api.postJson("/api/v1/webhooks", key, body);
    }

    private JsonNode registered(String key, String path, String events, String filters) {
        var reply = register(key, "{\"url\":\"" + receiver.url(path) + "\",\"events\":" + events
                + (filters == null ? "" : ",\"filters\":" + filters) + "}");
        assertEquals(201, reply.status(), reply.raw().body());
        return reply.data().get("webhook");
    }

    private void setPrice(String domain, long price) {
        var reply = api.send("PUT", "/admin/v1/domains/" + domain, Api.ADMIN_TOKEN, "application/json", "{\"price\":" + price + "}");
        assertTrue(reply.status() == 200 || reply.status() == 201, reply.raw().body());
    }

    private List<JsonNode> deliveries(String key, String webhookId) {
        var reply = api.get("/api/v1/webhooks/" + webhookId + "/deliveries", key);
        assertEquals(200, reply.status(), reply.raw().body());
        List<JsonNode> list = new java.util.ArrayList<>();
        reply.data().get("deliveries").values().forEach(list::add);
        return list;
    }

    /** The status of the first logged delivery, or null while the worker has not logged one yet. */
    private String firstDeliveryStatus(String key, String webhookId) {
        List<JsonNode> logged = deliveries(key, webhookId);
        return logged.isEmpty() ? null : logged.get(0).get("status").getStringValue();
    }

    private static String all() {
        return "[\"domain.price_dropped\",\"domain.price_increased\",\"domain.listed\"]";
    }

    private static void assertSigned(WebhookReceiver.Received r, String secret) {
        String expected = WebhookSigner.sign(secret, r.webhookId(), Long.parseLong(r.timestamp()),
                r.body().getBytes(StandardCharsets.UTF_8));
        assertEquals(expected, r.signature());
    }

    @Test
    void registerListShowDeleteScopedToTheOwnerAndNeverShowingTheSecretAgain() {
        String key = enterpriseKey();
        String sameOwnerKey = api.createKey("enterprise", "owner-" + owners.get());
        String otherKey = enterpriseKey();
        var reply = register(key, "{\"url\":\"" + receiver.url("/crud") + "\",\"events\":[\"domain.price_dropped\"],"
                + "\"filters\":{\"tlds\":[\".COM\"],\"maxPrice\":5000}}");
        assertEquals(201, reply.status(), reply.raw().body());
        JsonNode webhook = reply.data().get("webhook");
        String id = webhook.get("id").getStringValue();
        assertTrue(id.startsWith("wh_"));
        assertTrue(webhook.get("secret").getStringValue().startsWith("whsec_"));
        assertEquals("com", webhook.get("filters").get("tlds").get(0).getStringValue());
        assertEquals(5000, webhook.get("filters").get("maxPrice").getLongValue());
        assertEquals("active", webhook.get("status").getStringValue());
        assertNotNull(webhook.get("createdAt"));

        var listed = api.get("/api/v1/webhooks", sameOwnerKey);
        assertEquals(200, listed.status());
        assertEquals(1, listed.data().get("webhooks").size());
        assertNull(listed.data().get("webhooks").get(0).get("secret"));
        var shown = api.get("/v1/webhooks/" + id, key);
        assertEquals(200, shown.status());
        assertNull(shown.data().get("webhook").get("secret"));
        assertFalse(shown.raw().body().contains("whsec_"));

        assertEquals("webhook_not_found", api.get("/api/v1/webhooks/" + id, otherKey).errorCode());
        assertEquals(0, api.get("/api/v1/webhooks", otherKey).data().get("webhooks").size());
        assertEquals(404, api.send("DELETE", "/api/v1/webhooks/" + id, otherKey, null, null).status());

        assertEquals(200, api.send("DELETE", "/api/v1/webhooks/" + id, key, null, null).status());
        assertEquals("webhook_not_found", api.get("/api/v1/webhooks/" + id, key).errorCode());
        assertEquals("webhook_not_found", api.send("DELETE", "/api/v1/webhooks/" + id, key, null, null).errorCode());
        assertEquals("webhook_not_found", api.get("/api/v1/webhooks/" + id + "/deliveries", key).errorCode());
    }

    /** Ids of a shape no webhook has are not found on every route, before the store is asked (it refuses long keys). */
    @Test
    void idsThatCannotBeOursAreNotFoundOnEveryRoute() {
        String key = enterpriseKey();
        for (String id : List.of("x".repeat(1030), "x".repeat(1020), "wh_nope", "wh_" + "a".repeat(21), "wh_" + "a".repeat(19),
                "wh_" + "-".repeat(20), "WH_" + "a".repeat(20), "%23count")) {
            String path = "/api/v1/webhooks/" + id;
            for (Api.Reply reply : List.of(api.get(path, key), api.get(path + "/deliveries", key),
                    api.postJson(path + "/test", key, null), api.send("DELETE", path, key, null, null))) {
                assertEquals(404, reply.status(), id.length() + " characters: " + reply.raw().request().method() + " " + reply.raw().body());
                assertEquals("webhook_not_found", reply.errorCode(), reply.raw().body());
            }
        }
    }

    @Test
    void sovereignKeysMayNotUseWebhooks() {
        String key = api.createKey("sovereign", null);
        var reply = register(key, "{\"url\":\"" + receiver.url("/x") + "\",\"events\":[\"domain.listed\"]}");
        assertEquals(403, reply.status());
        assertEquals("insufficient_tier", reply.errorCode());
        assertEquals("insufficient_tier", api.get("/api/v1/webhooks", key).errorCode());
    }

    @Test
    void badRegistrationsNameTheField() {
        String key = enterpriseKey();
        String url = receiver.url("/bad");
        Map<String, String> cases = new java.util.LinkedHashMap<>();
        cases.put("{\"events\":[\"domain.listed\"]}", "'url' is required");
        cases.put("{\"url\":123,\"events\":[\"domain.listed\"]}", "'url' must be a string");
        cases.put("{\"url\":\"" + url + "\"}", "'events' is required");
        cases.put("{\"url\":\"" + url + "\",\"events\":[]}", "'events' must list at least one event type");
        cases.put("{\"url\":\"" + url + "\",\"events\":[\"domain.sold\"]}", "'events'");
        cases.put("{\"url\":\"" + url + "\",\"events\":[\"webhook.test\"]}", "'events'");
        cases.put("{\"url\":\"" + url + "\",\"events\":\"domain.listed\"}", "'events' must be a list of event types");
        cases.put("{\"url\":\"" + url + "\",\"events\":{\"domain.listed\":true}}", "'events' must be a list of event types");
        cases.put("{\"url\":\"" + url + "\",\"events\":[\"domain.listed\"],\"filters\":{\"price\":1}}", "filters.price");
        cases.put("{\"url\":\"" + url + "\",\"events\":[\"domain.listed\"],\"filters\":{\"domains\":[\"not a domain\"]}}", "'filters.domains'");
        cases.put("{\"url\":\"" + url + "\",\"events\":[\"domain.listed\"],\"filters\":{\"categories\":[\"spaceships\"]}}", "'filters.categories'");
        cases.put("{\"url\":\"" + url + "\",\"events\":[\"domain.listed\"],\"filters\":{\"maxPrice\":-5}}", "'filters.maxPrice'");
        cases.put("{\"url\":\"" + url + "\",\"events\":[\"domain.listed\"],\"filters\":{\"minDropPercent\":150}}", "'filters.minDropPercent'");
        // Numbers a long cannot hold, fractions and floats: each refused, none wrapped around or rounded into range.
        for (String number : List.of("18446744073709551617", "18446744073709551616", "99999999999999999999999", "1e20", "1e400",
                "1000000000001", "1.5", "5000.0", "\"5000\"", "0")) {
            cases.put("{\"url\":\"" + url + "\",\"events\":[\"domain.listed\"],\"filters\":{\"maxPrice\":" + number + "}}", "'filters.maxPrice'");
        }
        // Above 100 or finer than changePercent's hundredths, however close: refused, not rounded to 100 or to a double.
        for (String number : List.of("99999999999999999999999", "1e400", "-1e400", "1e-400", "\"50\"", "100.00000000000000000001",
                "100.01", "1e-320", "50.00000000000000001", "12.345", "0.001")) {
            cases.put("{\"url\":\"" + url + "\",\"events\":[\"domain.listed\"],\"filters\":{\"minDropPercent\":" + number + "}}",
                    "'filters.minDropPercent'");
        }
        cases.put("{\"url\":\"" + url + "\",\"events\":[\"domain.listed\"],\"filters\":[]}", "'filters'");
        cases.put("{\"url\":\"" + url + "\",\"events\":[\"domain.listed\"],\"secret\":\"mine\"}", "'secret'");
        cases.put("[1,2]", "JSON object");
        cases.put("{not json", "not valid JSON");
        for (var c : cases.entrySet()) {
            var reply = register(key, c.getKey());
            assertEquals(400, reply.status(), c.getKey());
            assertEquals("invalid_request", reply.errorCode(), c.getKey());
            String message = reply.body().get("error").get("message").getStringValue();
            assertTrue(message.contains(c.getValue()), c.getKey() + " -> " + message);
        }
        var ftp = register(key, "{\"url\":\"ftp://127.0.0.1/x\",\"events\":[\"domain.listed\"]}");
        assertEquals("invalid_webhook_url", ftp.errorCode());
        assertEquals(0, api.get("/api/v1/webhooks", key).data().get("webhooks").size());
    }

    /** A percent with at most two decimals from 0.01 to 100 is kept as sent: 12.50 is 12.5, 1e1 is 10. */
    @Test
    void minDropPercentIsKeptAsSent() {
        String key = enterpriseKey();
        Map<String, Double> cases = Map.of("100", 100.0, "0.01", 0.01, "12.50", 12.5, "1e1", 10.0, "33.33", 33.33,
                "99.99", 99.99, "100.000000000000000000000", 100.0);
        for (var c : cases.entrySet()) {
            var reply = register(key, "{\"url\":\"" + receiver.url("/exact") + "\",\"events\":[\"domain.price_dropped\"],"
                    + "\"filters\":{\"minDropPercent\":" + c.getKey() + "}}");
            assertEquals(201, reply.status(), c.getKey() + ": " + reply.raw().body());
            assertEquals(c.getValue(), reply.data().get("webhook").get("filters").get("minDropPercent").getDoubleValue(), c.getKey());
        }
    }

    /** The dashboard's form is checked by the same rules: a price a long cannot hold is refused, the highest one kept. */
    @Test
    void theDashboardFormChecksNumbersLikeTheApi() {
        DashboardSession session = new DashboardSession(server.getURI());
        assertEquals(303, session.signUp("hooks-" + owners.incrementAndGet() + "@example.com", "a dashboard password").statusCode());
        String key = session.createKey("k");
        String account = api.get("/api/v1/usage", key).data().get("usage").get("account").getStringValue();
        assertEquals(200, api.send("PUT", "/admin/v1/accounts/" + account, Api.ADMIN_TOKEN, "application/json",
                "{\"tier\":\"enterprise\"}").status());
        String csrf = session.csrfToken("/dashboard/webhooks");

        var refused = session.postForm("/dashboard/webhooks", Map.of("url", receiver.url("/form"), "events", "domain.listed",
                "maxPrice", "18446744073709551617"), csrf);
        assertEquals(200, refused.statusCode());
        assertTrue(refused.body().contains("id=\"webhooks-error\"") && refused.body().contains("filters.maxPrice"), refused.body());
        assertEquals(0, api.get("/api/v1/webhooks", key).data().get("webhooks").size());

        var created = session.postForm("/dashboard/webhooks", Map.of("url", receiver.url("/form"), "events", "domain.listed",
                "maxPrice", "1000000000000", "minDropPercent", "12.5"), csrf);
        assertTrue(created.body().contains("id=\"new-webhook-secret\""), created.body());
        JsonNode filters = api.get("/api/v1/webhooks", key).data().get("webhooks").get(0).get("filters");
        assertEquals(1_000_000_000_000L, filters.get("maxPrice").getLongValue());
        assertEquals(12.5, filters.get("minDropPercent").getDoubleValue());
    }

    @Test
    void aPriceDropIsDeliveredSignedWithTheContractBody() throws Exception {
        String key = enterpriseKey();
        setPrice("signedalert.com", 4000);
        JsonNode webhook = registered(key, "/signed", "[\"domain.price_dropped\"]", "{\"domains\":[\"signedalert.com\"]}");
        setPrice("signedalert.com", 3000);
        await(() -> receiver.received("/signed").size() >= 1, "the delivery");
        var r = receiver.received("/signed").get(0);
        assertSigned(r, webhook.get("secret").getStringValue());
        assertTrue(r.webhookId().startsWith("msg_"));
        JsonNode body = json.readValue(r.body(), JsonNode.class);
        assertEquals(List.of("type", "timestamp", "data"), iterableKeys(body));
        assertEquals("domain.price_dropped", body.get("type").getStringValue());
        JsonNode data = body.get("data");
        assertEquals("signedalert.com", data.get("domain").getStringValue());
        assertEquals(4000, data.get("oldPrice").getLongValue());
        assertEquals(3000, data.get("newPrice").getLongValue());
        assertEquals("USD", data.get("currency").getStringValue());
        assertEquals(-25.0, data.get("changePercent").getDoubleValue());

        String id = webhook.get("id").getStringValue();
        await(() -> "delivered".equals(firstDeliveryStatus(key, id)), "delivery logged");
        JsonNode logged = deliveries(key, id).get(0);
        assertEquals(1, logged.get("attempts").getIntValue());
        assertEquals(200, logged.get("lastStatusCode").getIntValue());
        assertEquals("domain.price_dropped", logged.get("type").getStringValue());
        assertEquals(r.webhookId(), logged.get("messageId").getStringValue());
        assertNotNull(logged.get("lastAttemptAt").getStringValue());
        assertNotNull(logged.get("eventId").getStringValue());
        assertEquals(1, receiver.received("/signed").size(), "sent once");
    }

    @Test
    void aNewListingIsDeliveredWithNullOldPrice() throws Exception {
        String key = enterpriseKey();
        registered(key, "/listed", "[\"domain.listed\"]", "{\"domains\":[\"freshlisting.net\"]}");
        setPrice("freshlisting.net", 1200);
        await(() -> receiver.received("/listed").size() == 1, "listed alert");
        JsonNode body = json.readValue(receiver.received("/listed").get(0).body(), JsonNode.class);
        assertEquals("domain.listed", body.get("type").getStringValue());
        assertTrue(body.get("data").get("oldPrice").isNull());
        assertTrue(body.get("data").get("changePercent").isNull());
        assertEquals(1200, body.get("data").get("newPrice").getLongValue());
    }

    @Test
    void failuresAreRetriedWithOneWebhookIdUntilDelivered() {
        String key = enterpriseKey();
        WebhookReceiver flaky = new WebhookReceiver().answering(n -> n == 1 ? Answer.of(500)
                : n == 2 ? new Answer(503, Map.of("Retry-After", "1")) : Answer.of(204));
        try (flaky) {
            var reply = register(key, "{\"url\":\"" + flaky.url("/flaky") + "\",\"events\":" + all()
                    + ",\"filters\":{\"domains\":[\"retryalert.com\"]}}");
            String secret = reply.data().get("webhook").get("secret").getStringValue();
            String id = reply.data().get("webhook").get("id").getStringValue();
            setPrice("retryalert.com", 900);
            await(() -> flaky.received().size() == 3, "three attempts");
            var attempts = flaky.received();
            assertEquals(1, attempts.stream().map(WebhookReceiver.Received::webhookId).distinct().count());
            attempts.forEach(a -> assertSigned(a, secret));
            await(() -> "delivered".equals(firstDeliveryStatus(key, id)), "delivered");
            JsonNode logged = deliveries(key, id).get(0);
            assertEquals(3, logged.get("attempts").getIntValue());
            assertEquals(204, logged.get("lastStatusCode").getIntValue());
            var history = logged.get("history");
            assertEquals(3, history.size());
            assertEquals(500, history.get(0).get("statusCode").getIntValue());
            assertEquals("HTTP 500", history.get(0).get("error").getStringValue());
            assertEquals(503, history.get(1).get("statusCode").getIntValue());
            assertTrue(history.get(2).get("error").isNull());
            assertEquals(1, flaky.received().size() - 2, "nothing after the success");
        }
    }

    @Test
    void aSlowReceiverTimesOutAndIsRetried() {
        String key = enterpriseKey();
        WebhookReceiver slow = new WebhookReceiver().answering(n -> {
            if (n == 1) {
                try {
                    // Answers only when close() interrupts it, after the test: later than this context's
                    // 5 s webhooks.timeout however slow the machine (a fixed sleep might not be).
                    Thread.sleep(120_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return Answer.of(200);
        });
        try (slow) {
            var reply = register(key, "{\"url\":\"" + slow.url("/slow") + "\",\"events\":" + all()
                    + ",\"filters\":{\"domains\":[\"slowreceiver.com\"]}}");
            String id = reply.data().get("webhook").get("id").getStringValue();
            setPrice("slowreceiver.com", 650);
            await(() -> "delivered".equals(firstDeliveryStatus(key, id)), "delivered");
            JsonNode history = deliveries(key, id).get(0).get("history");
            assertEquals(2, history.size());
            assertTrue(history.get(0).get("statusCode").isNull());
            assertEquals("timed out after 5 s", history.get(0).get("error").getStringValue());
            assertEquals(200, history.get(1).get("statusCode").getIntValue());
        }
    }

    @Test
    void exhaustedRetriesEndInTheDeadLetterQueueAndTheDeliveryFails() {
        String key = enterpriseKey();
        WebhookReceiver broken = new WebhookReceiver().answering(n -> Answer.of(500));
        try (broken) {
            var reply = register(key, "{\"url\":\"" + broken.url("/broken") + "\",\"events\":" + all()
                    + ",\"filters\":{\"domains\":[\"deadletter.com\"]}}");
            String id = reply.data().get("webhook").get("id").getStringValue();
            setPrice("deadletter.com", 700);
            await(() -> "failed".equals(firstDeliveryStatus(key, id)), "failed");
            JsonNode logged = deliveries(key, id).get(0);
            assertEquals(4, logged.get("attempts").getIntValue(), "1 + the 3 retries of the schedule");
            assertEquals(4, broken.received().size());
            assertEquals(1, broken.received().stream().map(WebhookReceiver.Received::webhookId).distinct().count());
            String messageId = logged.get("messageId").getStringValue();
            await(() -> queue.peekDeadLetters(10).stream().anyMatch(m -> m.body().contains(messageId)), "message in the DLQ");
        }
    }

    @Test
    void aGoneReceiverDisablesItsWebhook() {
        String key = enterpriseKey();
        WebhookReceiver gone = new WebhookReceiver().answering(n -> Answer.of(410));
        try (gone) {
            var reply = register(key, "{\"url\":\"" + gone.url("/gone") + "\",\"events\":" + all()
                    + ",\"filters\":{\"domains\":[\"goneaway.com\"]}}");
            String id = reply.data().get("webhook").get("id").getStringValue();
            setPrice("goneaway.com", 500);
            await(() -> "disabled".equals(api.get("/api/v1/webhooks/" + id, key).data().get("webhook").get("status").getStringValue()),
                    "disabled");
            // The worker disables the webhook before it records the failed attempt.
            await(() -> "failed".equals(firstDeliveryStatus(key, id)), "delivery failed");
            assertEquals(1, gone.received().size(), "410 is not retried");
            // A control webhook on the same domain, there before both changes, proves they were relayed.
            // (Registered between them, it might or might not get the first: that depends on the relay's timing.)
            JsonNode control = registered(key, "/gone-control", all(), "{\"domains\":[\"goneaway.com\"]}");
            setPrice("goneaway.com", 400);
            setPrice("goneaway.com", 300);
            await(() -> receiver.received("/gone-control").size() >= 2, "control deliveries");
            assertEquals(1, gone.received().size());
            assertEquals(1, deliveries(key, id).size());
            assertNotNull(control);
        }
    }

    @Test
    void eventTypesAndFiltersThatDoNotMatchDeliverNothing() {
        String key = enterpriseKey();
        String domain = "filtermatch.com";
        setPrice(domain, 10_000);
        // The listing must be relayed before the webhooks below exist: relayed after, it would match '/nm-type'.
        await(() -> outbox.oldest(1).isEmpty(), "the listing relayed");
        Map<String, String> nonMatching = new java.util.LinkedHashMap<>();
        nonMatching.put("/nm-type", "{\"url\":\"%s\",\"events\":[\"domain.price_increased\",\"domain.listed\"],\"filters\":{\"domains\":[\"" + domain + "\"]}}");
        nonMatching.put("/nm-domain", "{\"url\":\"%s\",\"events\":" + all() + ",\"filters\":{\"domains\":[\"otherdomain.com\"]}}");
        nonMatching.put("/nm-tld", "{\"url\":\"%s\",\"events\":" + all() + ",\"filters\":{\"domains\":[\"" + domain + "\"],\"tlds\":[\"net\"]}}");
        nonMatching.put("/nm-category", "{\"url\":\"%s\",\"events\":" + all() + ",\"filters\":{\"domains\":[\"" + domain + "\"],\"categories\":[\"crypto\",\"gaming\"]}}");
        nonMatching.put("/nm-maxprice", "{\"url\":\"%s\",\"events\":" + all() + ",\"filters\":{\"domains\":[\"" + domain + "\"],\"maxPrice\":8999}}");
        nonMatching.put("/nm-drop", "{\"url\":\"%s\",\"events\":" + all() + ",\"filters\":{\"domains\":[\"" + domain + "\"],\"minDropPercent\":10.5}}");
        Map<String, String> ids = new HashMap<>();
        for (var c : nonMatching.entrySet()) {
            var reply = register(key, String.format(c.getValue(), receiver.url(c.getKey())));
            assertEquals(201, reply.status(), reply.raw().body());
            ids.put(c.getKey(), reply.data().get("webhook").get("id").getStringValue());
        }
        String category = api.get("/api/v1/domains?q=filtermatch", key).data().get("domains").get(0).get("category").getStringValue();
        assertFalse(List.of("crypto", "gaming").contains(category));
        JsonNode matching = registered(key, "/match", "[\"domain.price_dropped\"]",
                "{\"domains\":[\"" + domain + "\"],\"tlds\":[\"com\"],\"categories\":[\"" + category + "\"],\"maxPrice\":9000,\"minDropPercent\":10}");
        setPrice(domain, 9_000); // a 10 % drop to 9,000
        await(() -> receiver.received("/match").size() == 1, "the matching webhook's delivery");
        await(() -> deliveries(key, matching.get("id").getStringValue()).size() == 1, "matching delivery logged");
        for (var c : ids.entrySet()) {
            assertEquals(0, receiver.received(c.getKey()).size(), c.getKey());
            assertEquals(0, deliveries(key, c.getValue()).size(), c.getKey());
        }
    }

    @Test
    void deletedWebhooksReceiveNothing() {
        String key = enterpriseKey();
        JsonNode deleted = registered(key, "/deleted", all(), "{\"domains\":[\"deletedhook.com\"]}");
        registered(key, "/kept", all(), "{\"domains\":[\"deletedhook.com\"]}");
        assertEquals(200, api.send("DELETE", "/api/v1/webhooks/" + deleted.get("id").getStringValue(), key, null, null).status());
        setPrice("deletedhook.com", 100);
        await(() -> receiver.received("/kept").size() == 1, "the kept webhook's delivery");
        assertEquals(0, receiver.received("/deleted").size());
    }

    @Test
    void theTestEndpointSendsASignedTestEvent() throws Exception {
        String key = enterpriseKey();
        JsonNode webhook = registered(key, "/test-event", "[\"domain.listed\"]", null);
        String id = webhook.get("id").getStringValue();
        var reply = api.postJson("/api/v1/webhooks/" + id + "/test", key, null);
        assertEquals(202, reply.status(), reply.raw().body());
        assertEquals("webhook.test", reply.data().get("delivery").get("type").getStringValue());
        await(() -> receiver.received("/test-event").size() == 1, "test delivery");
        var r = receiver.received("/test-event").get(0);
        assertSigned(r, webhook.get("secret").getStringValue());
        assertEquals(reply.data().get("delivery").get("messageId").getStringValue(), r.webhookId());
        JsonNode body = json.readValue(r.body(), JsonNode.class);
        assertEquals("webhook.test", body.get("type").getStringValue());
        assertEquals(id, body.get("data").get("webhookId").getStringValue());
        assertEquals("webhook_not_found", api.postJson("/api/v1/webhooks/wh_nope/test", key, null).errorCode());
    }

    @Test
    void aBurstOfAHundredChangesIsDeliveredOnceEach() {
        String key = enterpriseKey();
        String id = registered(key, "/burst", all(), "{\"tlds\":[\"org\"]}").get("id").getStringValue();
        for (int i = 0; i < 100; i++) {
            setPrice("burstalert" + i + ".org", 1000 + i);
        }
        // Counted once every delivery is logged delivered: before that, a second copy could still be on its way.
        await(() -> log.recent(id, 200).stream().filter(d -> d.status() == DeliveryStatus.DELIVERED).count() == 100,
                "100 deliveries logged delivered");
        var got = receiver.received("/burst");
        Set<String> ids = new HashSet<>();
        got.forEach(r -> ids.add(r.webhookId()));
        assertEquals(100, ids.size());
        assertEquals(100, got.size(), "none twice");
    }

    private static List<String> iterableKeys(JsonNode node) {
        List<String> keys = new java.util.ArrayList<>();
        node.entries().forEach(e -> keys.add(e.getKey()));
        return keys;
    }
}
