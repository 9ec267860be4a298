package domainintel.alerts;

import domainintel.alerts.outbound.WebhookSigner;
import domainintel.alerts.store.DeliveryLog;
import domainintel.alerts.store.DeliveryView;
import domainintel.alerts.store.WebhookRepository;
import domainintel.support.Api;
import domainintel.support.TempDataDir;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static domainintel.support.WebhookReceiver.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SSRF guard with its production default (no private targets): at registration over HTTP, and
 * again at delivery for a webhook whose host no longer passes (as after a DNS change).
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WebhookTargetsTest implements TempDataDir {
    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    WebhookRepository webhooks;
    @Inject
    DeliveryLog log;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> properties = new HashMap<>(TempDataDir.super.getProperties());
        properties.put("webhooks.retry-schedule", "1");
        return properties;
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "http://93.184.215.14/hook",                       // not https
            "https://127.0.0.1/hook", "https://127.0.0.1:8080/hook", "https://localhost/hook",
            "https://10.1.2.3/hook", "https://172.20.0.5/hook", "https://192.168.0.10/hook",
            "https://169.254.169.254/latest/meta-data/", "https://100.100.100.200/hook",
            "https://224.0.0.251/hook", "https://0.0.0.0/hook", "https://240.0.0.1/hook",
            "https://[::1]/hook", "https://[fd00:ec2::254]/hook", "https://[fe80::1]/hook", "https://[::ffff:127.0.0.1]/hook",
            "https://user:secret@93.184.215.14/hook", "https://no-such-host.invalid/hook", "hooks.example.com/no-scheme"})
    void registrationRefusesNonPublicOrMalformedTargets(String url) {
        Api api = new Api(server.getURI(), json);
        String key = api.createKey("enterprise", null);
        var reply = api.postJson("/api/v1/webhooks", key, "{\"url\":\"" + url + "\",\"events\":[\"domain.listed\"]}");
        assertEquals(400, reply.status(), url);
        assertEquals("invalid_webhook_url", reply.errorCode(), url);
        assertEquals(0, api.get("/api/v1/webhooks", key).data().get("webhooks").size());
    }

    @Test
    void aPublicHttpsTargetIsAccepted() {
        Api api = new Api(server.getURI(), json);
        String key = api.createKey("enterprise", null);
        // Filtered to a domain no test changes: else the other test's listing would be sent to this real address.
        var reply = api.postJson("/api/v1/webhooks", key, "{\"url\":\"https://93.184.215.14/hook\",\"events\":[\"domain.listed\"],"
                + "\"filters\":{\"domains\":[\"acceptedtarget.com\"]}}");
        assertEquals(201, reply.status(), reply.raw().body());
    }

    @Test
    void deliveryChecksTheTargetAgainAndNeverConnectsToANonPublicAddress() {
        // Stored directly: registered while its name was public, it now resolves to loopback.
        Webhook webhook = new Webhook("wh_rebound0000000000001", "rebind-owner", "https://localhost:9/hook",
                List.of("domain.listed"), new WebhookFilters(List.of("rebinding.com"), null, null, null, null),
                Instant.now(), false, null);
        webhooks.create(webhook, WebhookSigner.newSecret(), 25);
        Api api = new Api(server.getURI(), json);
        assertEquals(201, api.send("PUT", "/admin/v1/domains/rebinding.com", Api.ADMIN_TOKEN, "application/json",
                "{\"price\":100}").status());
        await(() -> !log.recent(webhook.id(), 1).isEmpty() && log.recent(webhook.id(), 1).get(0).status() == DeliveryStatus.FAILED,
                "delivery failed");
        DeliveryView delivery = log.recent(webhook.id(), 1).get(0);
        assertEquals(2, delivery.attempts());
        delivery.history().forEach(a -> {
            assertEquals(null, a.statusCode());
            assertTrue(a.error().contains("not a public address"), a.error());
        });
    }
}
