package domainintel.alerts;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Locally the queue is ElasticMQ in memory, so a restart empties it while the delivery log
 * (DynamoDB Local, on disk) still holds the pending deliveries. At start, every pending delivery
 * is queued again from the log; one that was in fact still queued elsewhere (a shared SQS) arrives
 * twice and the delivery log's guard drops the second. SQS on AWS is durable: off there.
 */
@Singleton
@Requires(property = "webhooks.local-workers", value = "true")
public class LocalQueueRecovery {
    private static final Logger LOG = LoggerFactory.getLogger(LocalQueueRecovery.class);

    private final DeliveryLog log;
    private final AlertQueue queue;

    public LocalQueueRecovery(DeliveryLog log, AlertQueue queue) {
        this.log = log;
        this.queue = queue;
    }

    @EventListener
    void requeuePending(StartupEvent event) {
        var pending = log.pending();
        if (!pending.isEmpty()) {
            queue.send(pending);
            LOG.info("Queued {} pending webhook deliveries again from the delivery log", pending.size());
        }
    }
}
