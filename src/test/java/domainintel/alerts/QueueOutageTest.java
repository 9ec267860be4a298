package domainintel.alerts;

import domainintel.alerts.store.OutboxRepository;
import domainintel.support.Api;
import domainintel.support.WebhookReceiver;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import org.elasticmq.rest.sqs.SQSRestServer;
import org.elasticmq.rest.sqs.SQSRestServerBuilder;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.util.Map;

import static domainintel.support.WebhookReceiver.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The queue unreachable when prices change: the events wait in the outbox, and once an SQS
 * (ElasticMQ) answers at the configured endpoint they are relayed and delivered, once each.
 * A real fault: nothing listens on the endpoint's port until the queue is started.
 */
class QueueOutageTest {
    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @Test
    void changesMadeWhileTheQueueIsDownAreDeliveredWhenItIsBack() throws Exception {
        int sqsPort = freePort();
        SQSRestServer sqs = null;
        try (WebhookReceiver receiver = new WebhookReceiver();
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Map.of(
                     "data-dir", Files.createTempDirectory("queue-outage").toString(),
                     "admin.token", Api.ADMIN_TOKEN, "micronaut.server.port", "-1",
                     "aws.sqs.endpoint", "http://127.0.0.1:" + sqsPort,
                     "webhooks.allow-private-targets", "true"))) {
            Api api = new Api(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class));
            String key = api.createKey("enterprise", "outage-owner");
            assertEquals(201, api.postJson("/api/v1/webhooks", key, "{\"url\":\"" + receiver.url("/outage")
                    + "\",\"events\":[\"domain.listed\"],\"filters\":{\"tlds\":[\"shop\"]}}").status());
            for (int i = 0; i < 3; i++) {
                assertEquals(201, api.send("PUT", "/admin/v1/domains/outage" + i + ".shop", Api.ADMIN_TOKEN,
                        "application/json", "{\"price\":" + (100 + i) + "}").status(), "the admin API does not depend on the queue");
            }
            OutboxRepository outbox = server.getApplicationContext().getBean(OutboxRepository.class);
            assertEquals(3, outbox.oldest(100).stream().filter(e -> e.domain().endsWith(".shop")).count(),
                    "not relayed while the queue is down");

            sqs = SQSRestServerBuilder.withInterface("127.0.0.1").withPort(sqsPort).start();
            sqs.waitUntilStarted();
            await(() -> receiver.received("/outage").size() == 3, "three alerts once the queue is back");
            await(() -> outbox.oldest(100).isEmpty(), "outbox drained");
            assertEquals(3, receiver.received("/outage").stream().map(WebhookReceiver.Received::webhookId).distinct().count());
        } finally {
            if (sqs != null) {
                sqs.stopAndWait();
            }
        }
    }
}
