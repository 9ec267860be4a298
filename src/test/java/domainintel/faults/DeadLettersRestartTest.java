package domainintel.faults;

import domainintel.alerts.DeliveryStatus;
import domainintel.alerts.store.AlertQueue;
import domainintel.alerts.store.DeliveryLog;
import domainintel.support.Api;
import domainintel.support.WebhookReceiver;
import domainintel.support.WebhookReceiver.Answer;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.model.Message;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static domainintel.support.WebhookReceiver.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The local dead-letter queue is in memory; what it held is back after a restart on the same DATA_DIR. */
class DeadLettersRestartTest {
    private static EmbeddedServer start(Path dataDir) {
        return ApplicationContext.run(EmbeddedServer.class, Map.of(
                "data-dir", dataDir.toString(), "admin.token", Api.ADMIN_TOKEN, "micronaut.server.port", "-1",
                "webhooks.allow-private-targets", "true", "webhooks.retry-schedule", "1"));
    }

    private static List<String> deadLetters(EmbeddedServer server) {
        return server.getApplicationContext().getBean(AlertQueue.class).peekDeadLetters(10).stream()
                .map(m -> m.body() + " / " + m.messageAttributes().get("reason").stringValue()).sorted().toList();
    }

    @Test
    void deadLettersSurviveARestart() throws Exception {
        Path dataDir = Files.createTempDirectory("dead-letters");
        try (WebhookReceiver receiver = new WebhookReceiver().answering(n -> Answer.of(500))) {
            List<String> before;
            try (EmbeddedServer first = start(dataDir)) {
                Api api = new Api(first.getURI(), first.getApplicationContext().getBean(JsonMapper.class));
                String key = api.createKey("enterprise", "dead-letters");
                var reply = api.postJson("/api/v1/webhooks", key, "{\"url\":\"" + receiver.url("/dead")
                        + "\",\"events\":[\"domain.listed\"],\"filters\":{\"domains\":[\"deadletter-check.com\"]}}");
                assertEquals(201, reply.status(), reply.raw().body());
                String webhookId = reply.data().get("webhook").get("id").getStringValue();
                assertEquals(201, api.send("PUT", "/admin/v1/domains/deadletter-check.com", Api.ADMIN_TOKEN,
                        "application/json", "{\"price\":700}").status());
                DeliveryLog log = first.getApplicationContext().getBean(DeliveryLog.class);
                await(() -> log.recent(webhookId, 10).get(0).status() == DeliveryStatus.FAILED, "the delivery failed for good");
                before = deadLetters(first);
                assertEquals(1, before.size(), "dead-lettered: " + before);
            }
            try (EmbeddedServer second = start(dataDir)) {
                assertEquals(before, deadLetters(second), "the same dead letter, with its reason");
            }
        }
    }
}
