package domainintel.alerts.delivery;

import domainintel.alerts.store.AlertQueue;
import domainintel.alerts.store.DeliveryLog;
import domainintel.aws.AwsEndpoints;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Locally the queues are ElasticMQ in memory, so a restart empties them while the delivery log
 * (DynamoDB Local, on disk) still holds the pending deliveries and the dead letters. At start, every
 * pending delivery is queued again from the log (one that was in fact still queued elsewhere, a
 * shared SQS, arrives twice and the delivery log's guard drops the second), and every dead letter
 * is put back in the dead-letter queue. When the DynamoDB is this process's own (embedded), the
 * attempt leases left by the process that died are released first, so its interrupted deliveries go
 * out now rather than when their leases run out. SQS on AWS is durable: off there.
 */
@Singleton
@Requires(property = "webhooks.local-workers", value = "true")
public class LocalQueueRecovery {
    private static final Logger LOG = LoggerFactory.getLogger(LocalQueueRecovery.class);

    private final DeliveryLog log;
    private final AlertQueue queue;
    private final AwsEndpoints endpoints;

    public LocalQueueRecovery(DeliveryLog log, AlertQueue queue, AwsEndpoints endpoints) {
        this.log = log;
        this.queue = queue;
        this.endpoints = endpoints;
    }

    @EventListener
    void requeuePending(StartupEvent event) {
        if (endpoints.dynamoDbOwnedByThisProcess()) {
            int released = log.releaseLeftoverLeases();
            if (released > 0) {
                LOG.info("Released {} delivery leases left by a process that stopped mid-attempt", released);
            }
        }
        var pending = log.pending();
        if (!pending.isEmpty()) {
            queue.send(pending);
            LOG.info("Queued {} pending webhook deliveries again from the delivery log", pending.size());
        }
        var deadLetters = log.deadLettered();
        for (DeliveryLog.DeadLetter deadLetter : deadLetters) {
            queue.deadLetter(queue.toJson(deadLetter.message()), deadLetter.reason());
        }
        if (!deadLetters.isEmpty()) {
            LOG.info("Put {} dead letters back in the local dead-letter queue", deadLetters.size());
        }
    }
}
