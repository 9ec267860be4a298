package domainintel.alerts;

import domainintel.alerts.delivery.DeliveryWorkerFunction;
import domainintel.alerts.outbound.WebhookSigner;
import domainintel.alerts.store.DeliveryLog;
import domainintel.alerts.store.DeliveryView;
import domainintel.alerts.store.WebhookRepository;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import domainintel.support.TestLambdaContext;
import domainintel.support.WebhookReceiver;
import domainintel.support.WebhookReceiver.Answer;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The SQS-triggered worker Lambda, in-process: every {@code events/sqs-*.json} batch, deserialized
 * by the Lambda Java runtime's own serializer, through the real handler. The response must name
 * exactly the messages to keep (a retry not yet due, an unreadable body) and nothing else.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeliveryWorkerFunctionTest {
    ApplicationContext context;
    DeliveryWorkerFunction handler;
    WebhookReceiver receiver;

    @BeforeAll
    void start() throws Exception {
        context = ApplicationContext.run(Map.of(
                "data-dir", Files.createTempDirectory("sqs-events").toString(),
                "micronaut.server.port", "-1",
                "webhooks.allow-private-targets", "true",
                "webhooks.local-workers", "false",
                "webhooks.retry-schedule", "60"));
        handler = new DeliveryWorkerFunction(context);
        receiver = new WebhookReceiver().answering(n -> Answer.of(200));
    }

    @AfterAll
    void stop() {
        receiver.close();
        context.close();
    }

    private String register(String path, String owner) {
        String id = "wh_sqs" + path.replace("/", "");
        context.getBean(WebhookRepository.class).create(new Webhook(id, owner, receiver.url(path), List.of("domain.price_dropped"),
                WebhookFilters.NONE, Instant.now(), false, null), WebhookSigner.newSecret(), 25);
        return id;
    }

    @Test
    void theSampleBatchReportsExactlyTheMessagesToKeep() throws Exception {
        WebhookReceiver failing = new WebhookReceiver().answering(n -> Answer.of(500));
        try (failing) {
            String owner = "sqs-owner";
            String ok = register("/ok", owner);
            String failingId = "wh_sqsfailing";
            context.getBean(WebhookRepository.class).create(new Webhook(failingId, owner, failing.url("/failing"),
                    List.of("domain.price_dropped"), WebhookFilters.NONE, Instant.now(), false, null), WebhookSigner.newSecret(), 25);
            String text = Files.readString(Path.of("events", "sqs-deliveries.json"))
                    .replace("${OWNER}", owner).replace("${WEBHOOK_OK}", ok).replace("${WEBHOOK_FAILING}", failingId);
            SQSEvent event = LambdaEventSerializers.serializerFor(SQSEvent.class, getClass().getClassLoader()).fromJson(text);

            SQSBatchResponse response = handler.handleRequest(event, new TestLambdaContext());

            Set<String> kept = response.getBatchItemFailures().stream()
                    .map(SQSBatchResponse.BatchItemFailure::getItemIdentifier).collect(Collectors.toSet());
            assertEquals(Set.of("0a6e1c3e-2222-4e0e-9d1a-000000000002", "0a6e1c3e-4444-4e0e-9d1a-000000000004"), kept);
            assertEquals(1, receiver.received("/ok").size(), "the record SQS delivered twice was sent once");
            assertEquals("msg_sqsSample001", receiver.received("/ok").get(0).webhookId());
            assertEquals(1, failing.received().size());
            var log = context.getBean(DeliveryLog.class);
            assertEquals(DeliveryStatus.DELIVERED, log.recent(ok, 10).get(0).status());
            DeliveryView retrying = log.recent(failingId, 10).get(0);
            assertEquals(DeliveryStatus.PENDING, retrying.status());
            assertEquals(500, retrying.lastStatusCode());
            assertEquals(DeliveryStatus.FAILED, log.recent("wh_deletedMeanwhile00000", 10).get(0).status());

            // Redelivered before its retry is due: kept again, and no second attempt is made.
            SQSBatchResponse again = handler.handleRequest(event, new TestLambdaContext());
            assertEquals(kept, again.getBatchItemFailures().stream()
                    .map(SQSBatchResponse.BatchItemFailure::getItemIdentifier).collect(Collectors.toSet()));
            assertEquals(1, failing.received().size());
            assertEquals(1, receiver.received("/ok").size());
        }
    }
}
