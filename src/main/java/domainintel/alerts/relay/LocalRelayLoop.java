package domainintel.alerts.relay;

import domainintel.alerts.WebhookProperties;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The local relay: one thread that relays the outbox to the queue every {@code webhooks.relay-interval},
 * and at once when a listing change commits ({@link #wake}). On AWS the admin function relays after
 * commit and a scheduled function sweeps ({@link OutboxSweepFunction}); this bean is off there.
 */
@Singleton
@Requires(property = "webhooks.local-workers", value = "true")
public class LocalRelayLoop {
    private static final Logger LOG = LoggerFactory.getLogger(LocalRelayLoop.class);

    private final AlertRelay relay;
    private final Duration interval;
    private final Semaphore wakeUp = new Semaphore(0);
    private volatile boolean running;
    private Thread thread;

    public LocalRelayLoop(AlertRelay relay, WebhookProperties properties) {
        this.relay = relay;
        this.interval = properties.relayInterval();
    }

    @EventListener
    synchronized void start(StartupEvent event) {
        if (thread != null) {
            return;
        }
        running = true;
        thread = new Thread(this::run, "alert-relay");
        thread.setDaemon(true);
        thread.start();
    }

    /** Relay now rather than at the next tick. */
    public void wake() {
        wakeUp.release();
    }

    private void run() {
        Duration wait = interval;
        while (running) {
            try {
                wakeUp.tryAcquire(wait.toMillis(), TimeUnit.MILLISECONDS);
                wakeUp.drainPermits();
                if (!running) {
                    return;
                }
                relay.relayPending();
                wait = interval;
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // The queue or a store is unreachable: the events stay in the outbox; back off a little.
                LOG.warn("Alert relay failed, will retry: {}", e.toString());
                wait = Duration.ofSeconds(2);
            }
        }
    }

    @PreDestroy
    synchronized void stop() throws InterruptedException {
        running = false;
        if (thread != null) {
            thread.interrupt();
            thread.join(5_000);
        }
    }
}
