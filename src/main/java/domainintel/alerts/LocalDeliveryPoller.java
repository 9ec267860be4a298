package domainintel.alerts;

import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.sqs.model.Message;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The local stand-in for Lambda's SQS event source: threads that long-poll the alert queue, hand
 * each batch to the same {@link DeliveryWorker} the Lambda function uses, and delete the messages
 * it is done with (what Lambda does for a batch's non-failed items).
 */
@Singleton
@Requires(property = "webhooks.local-workers", value = "true")
public class LocalDeliveryPoller {
    private static final Logger LOG = LoggerFactory.getLogger(LocalDeliveryPoller.class);

    private final AlertQueue queue;
    private final DeliveryWorker worker;
    private final int threads;
    private final int waitSeconds;
    private final List<Thread> pollers = new ArrayList<>();
    private volatile boolean running;

    public LocalDeliveryPoller(AlertQueue queue, DeliveryWorker worker,
                               @Property(name = "webhooks.local-pollers", defaultValue = "4") int threads,
                               @Property(name = "webhooks.poll-wait-seconds", defaultValue = "1") int waitSeconds) {
        this.queue = queue;
        this.worker = worker;
        this.threads = threads;
        this.waitSeconds = waitSeconds;
    }

    @EventListener
    synchronized void start(StartupEvent event) {
        if (running) {
            return;
        }
        running = true;
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(this::run, "alert-poller-" + i);
            t.setDaemon(true);
            pollers.add(t);
            t.start();
        }
    }

    private void run() {
        while (running) {
            try {
                List<Message> messages = queue.receive(10, waitSeconds);
                if (!running) {
                    // Stopping: hand them straight back rather than leave them hidden for the visibility timeout.
                    messages.forEach(m -> queue.retryAfter(m.receiptHandle(), java.time.Duration.ZERO));
                    return;
                }
                if (messages.isEmpty()) {
                    continue;
                }
                List<DeliveryWorker.Received> batch = messages.stream()
                        .map(m -> new DeliveryWorker.Received(m.messageId(), m.receiptHandle(), m.body())).toList();
                Set<String> keep = new HashSet<>(worker.process(batch));
                List<String> done = messages.stream().filter(m -> !keep.contains(m.messageId()))
                        .map(Message::receiptHandle).toList();
                if (!done.isEmpty()) {
                    queue.delete(done);
                }
            } catch (RuntimeException e) {
                if (!running) {
                    return;
                }
                LOG.warn("Alert queue poll failed, retrying: {}", e.toString());
                sleep(1_000);
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @PreDestroy
    synchronized void stop() throws InterruptedException {
        running = false;
        for (Thread t : pollers) {
            t.join((waitSeconds + 20) * 1_000L);
        }
        pollers.clear();
    }
}
