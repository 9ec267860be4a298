package domainintel.alerts.store;

import domainintel.alerts.DeliveryMessage;
import domainintel.aws.SqsProperties;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.DeleteMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The alert queue and its dead-letter queue in SQS (ElasticMQ locally). Retries do not re-enqueue:
 * a failed message's visibility is set to the retry delay (at most 12 hours, longer than any step
 * of the schedule), so the same message, with the same id, comes back when the retry is due.
 * After the last attempt the worker sends it to the dead-letter queue itself; the redrive policy
 * ({@link #MAX_RECEIVES}) only catches messages a worker could not even read.
 */
@Singleton
public class AlertQueue {
    /** Worker timeout is 15 s of HTTP plus store calls; the queue's visibility is six times the function's 30 s timeout. */
    public static final int VISIBILITY_SECONDS = 180;
    static final int MAX_RECEIVES = 50;
    public static final Duration MAX_VISIBILITY = Duration.ofHours(12).minusMinutes(1);

    private final SqsClient sqs;
    private final JsonMapper json;
    private final String queueName;
    private final String deadLetterQueueName;
    private final boolean createQueues;
    private volatile String queueUrl;
    private volatile String deadLetterQueueUrl;

    /** On AWS the template passes the queues' URLs, so no function needs sqs:GetQueueUrl (or any DLQ right it never uses). */
    public AlertQueue(SqsClient sqs, JsonMapper json, SqsProperties properties) {
        this.sqs = sqs;
        this.json = json;
        this.queueName = properties.alertQueue();
        this.deadLetterQueueName = properties.alertDeadLetterQueue();
        this.createQueues = properties.createQueues();
        this.queueUrl = blankAsNull(properties.alertQueueUrl());
        this.deadLetterQueueUrl = blankAsNull(properties.alertDeadLetterQueueUrl());
    }

    private static String blankAsNull(String url) {
        return url == null || url.isBlank() ? null : url;
    }

    public void send(List<DeliveryMessage> messages) {
        if (messages.isEmpty()) {
            return;
        }
        String url = queueUrl();
        for (int from = 0; from < messages.size(); from += 10) {
            List<SendMessageBatchRequestEntry> entries = new ArrayList<>();
            List<DeliveryMessage> batch = messages.subList(from, Math.min(messages.size(), from + 10));
            for (int i = 0; i < batch.size(); i++) {
                entries.add(SendMessageBatchRequestEntry.builder().id(Integer.toString(i)).messageBody(toJson(batch.get(i))).build());
            }
            var result = sqs.sendMessageBatch(b -> b.queueUrl(url).entries(entries));
            if (!result.failed().isEmpty()) {
                throw new IllegalStateException("SQS refused " + result.failed().size() + " alert messages: "
                        + result.failed().get(0).message());
            }
        }
    }

    /** Hides a received message until {@code delay} has passed (capped at SQS's 12-hour limit). */
    public void retryAfter(String receiptHandle, Duration delay) {
        long seconds = Math.max(0, Math.min(delay.toSeconds(), MAX_VISIBILITY.toSeconds()));
        sqs.changeMessageVisibility(b -> b.queueUrl(queueUrl()).receiptHandle(receiptHandle).visibilityTimeout((int) seconds));
    }

    public void deadLetter(String body, String reason) {
        sqs.sendMessage(b -> b.queueUrl(deadLetterQueueUrl()).messageBody(body)
                .messageAttributes(Map.of("reason", MessageAttributeValue.builder().dataType("String").stringValue(reason).build())));
    }

    public List<Message> receive(int max, int waitSeconds) {
        return sqs.receiveMessage(b -> b.queueUrl(queueUrl()).maxNumberOfMessages(max).waitTimeSeconds(waitSeconds)
                .messageSystemAttributeNames(MessageSystemAttributeName.APPROXIMATE_RECEIVE_COUNT)).messages();
    }

    public void delete(List<String> receiptHandles) {
        for (int from = 0; from < receiptHandles.size(); from += 10) {
            List<DeleteMessageBatchRequestEntry> entries = new ArrayList<>();
            List<String> batch = receiptHandles.subList(from, Math.min(receiptHandles.size(), from + 10));
            for (int i = 0; i < batch.size(); i++) {
                entries.add(DeleteMessageBatchRequestEntry.builder().id(Integer.toString(i)).receiptHandle(batch.get(i)).build());
            }
            sqs.deleteMessageBatch(b -> b.queueUrl(queueUrl()).entries(entries));
        }
    }

    /** The dead-letter queue's messages (for operators and tests); leaves them there. */
    public List<Message> peekDeadLetters(int max) {
        return sqs.receiveMessage(b -> b.queueUrl(deadLetterQueueUrl()).maxNumberOfMessages(max).visibilityTimeout(0)
                .messageAttributeNames("All")).messages();
    }

    public DeliveryMessage parse(String body) throws IOException {
        return json.readValue(body, DeliveryMessage.class);
    }

    public String toJson(DeliveryMessage message) {
        try {
            return json.writeValueAsString(message);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String queueUrl() {
        if (queueUrl == null) {
            resolve();
        }
        return queueUrl;
    }

    String deadLetterQueueUrl() {
        if (deadLetterQueueUrl == null) {
            if (createQueues) {
                resolve();
            } else {
                deadLetterQueueUrl = sqs.getQueueUrl(b -> b.queueName(deadLetterQueueName)).queueUrl();
            }
        }
        return deadLetterQueueUrl;
    }

    /** Finds the queues, creating them (DLQ first, then the queue with its redrive policy) where configured to. */
    private synchronized void resolve() {
        if (queueUrl != null) {
            return;
        }
        if (createQueues) {
            String dlq = sqs.createQueue(b -> b.queueName(deadLetterQueueName)
                    .attributes(Map.of(QueueAttributeName.MESSAGE_RETENTION_PERIOD, "1209600"))).queueUrl();
            String dlqArn = sqs.getQueueAttributes(b -> b.queueUrl(dlq).attributeNames(QueueAttributeName.QUEUE_ARN))
                    .attributes().get(QueueAttributeName.QUEUE_ARN);
            String redrive = "{\"deadLetterTargetArn\":\"" + dlqArn + "\",\"maxReceiveCount\":\"" + MAX_RECEIVES + "\"}";
            queueUrl = sqs.createQueue(b -> b.queueName(queueName).attributes(Map.of(
                    QueueAttributeName.VISIBILITY_TIMEOUT, Integer.toString(VISIBILITY_SECONDS),
                    QueueAttributeName.MESSAGE_RETENTION_PERIOD, "1209600",
                    QueueAttributeName.REDRIVE_POLICY, redrive))).queueUrl();
            deadLetterQueueUrl = dlq;
        } else {
            queueUrl = sqs.getQueueUrl(b -> b.queueName(queueName)).queueUrl();
        }
    }
}
