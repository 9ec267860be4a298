package domainintel.alerts.delivery;

import domainintel.alerts.WebhookProperties;
import domainintel.alerts.store.AlertQueue;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.sqs.model.Message;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The local stand-in for Lambda's SQS event source: a thread that long-polls the alert queue and
 * hands each message on its own to the same {@link DeliveryWorker} the Lambda function uses,
 * deleting it as soon as it is done. Messages are never handled as a batch that waits for its
 * slowest member: a receiver taking 15 s holds one delivery thread, not the polling, so the other
 * webhooks' alerts keep flowing. It takes messages only while it has a free delivery thread, so
 * none waits in memory while its visibility timeout runs out.
 */
@Singleton
@Requires(property = "webhooks.local-workers", value = "true")
public class LocalDeliveryPoller {
    private static final Logger LOG = LoggerFactory.getLogger(LocalDeliveryPoller.class);

    private final AlertQueue queue;
    private final DeliveryWorker worker;
    private final int waitSeconds;
    private final int threads;
    private final Semaphore free;
    private final ExecutorService deliveries;
    private Thread poller;
    private volatile boolean running;

    public LocalDeliveryPoller(AlertQueue queue, DeliveryWorker worker,
                               WebhookProperties properties) {
        this.queue = queue;
        this.worker = worker;
        this.waitSeconds = properties.pollWaitSeconds();
        this.threads = properties.localDeliveryThreads();
        this.free = new Semaphore(this.threads);
        this.deliveries = Executors.newFixedThreadPool(this.threads, runnable -> {
            Thread t = new Thread(runnable, "alert-delivery-local");
            t.setDaemon(true);
            return t;
        });
    }

    @EventListener
    synchronized void start(StartupEvent event) {
        if (running) {
            return;
        }
        running = true;
        poller = new Thread(this::run, "alert-poller");
        poller.setDaemon(true);
        poller.start();
    }

    private void run() {
        while (running) {
            int taken = 0;
            try {
                free.acquire();
                taken = 1;
                while (taken < 10 && free.tryAcquire()) {
                    taken++;
                }
                List<Message> messages = queue.receive(taken, waitSeconds);
                if (!running) {
                    // Stopping: hand them straight back rather than leave them hidden for the visibility timeout.
                    messages.forEach(m -> queue.retryAfter(m.receiptHandle(), Duration.ZERO));
                    return;
                }
                free.release(taken - messages.size());
                taken = 0;
                for (Message message : messages) {
                    deliveries.execute(() -> deliver(message));
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                free.release(taken);
                if (!running) {
                    return;
                }
                LOG.warn("Alert queue poll failed, retrying: {}", e.toString());
                sleep(1_000);
            }
        }
    }

    private void deliver(Message message) {
        try {
            if (worker.handleOne(new DeliveryWorker.Received(message.messageId(), message.receiptHandle(), message.body()))) {
                queue.delete(List.of(message.receiptHandle()));
            }
        } catch (RuntimeException e) {
            // Not deleted: it comes back after its visibility timeout and the delivery log decides again.
            LOG.warn("Delivery message {} not finished, will be retried: {}", message.messageId(), e.toString());
        } finally {
            free.release();
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
        if (poller != null) {
            poller.interrupt();
            poller.join((waitSeconds + 20) * 1_000L);
            poller = null;
        }
        deliveries.shutdown();
        // An attempt in progress may take the whole timeout; one cut short is retried from the delivery log.
        if (!deliveries.awaitTermination(25, TimeUnit.SECONDS)) {
            deliveries.shutdownNow();
        }
    }
}
