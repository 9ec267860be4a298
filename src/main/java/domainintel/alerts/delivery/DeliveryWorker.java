package domainintel.alerts.delivery;

import domainintel.alerts.DeliveryMessage;
import domainintel.alerts.DeliveryStatus;
import domainintel.alerts.outbound.TargetGuard;
import domainintel.alerts.outbound.WebhookHttp;
import domainintel.alerts.store.AlertQueue;
import domainintel.alerts.store.DeliveryLog;
import domainintel.alerts.store.DeliveryView;
import domainintel.alerts.store.WebhookRepository;
import domainintel.contract.Rejection;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Delivers queued alerts: the one piece of code behind both the SQS-triggered Lambda
 * ({@link DeliveryWorkerFunction}) and the local poller ({@link LocalDeliveryPoller}).
 * For each message: claim the attempt in the delivery log (exactly-once guard), re-check the
 * target, post it signed, record the attempt; then either it is done (delivered, or failed into
 * the dead-letter queue), or it is reported as a failure with its visibility set to the retry delay.
 */
@Singleton
public class DeliveryWorker {
    private static final Logger LOG = LoggerFactory.getLogger(DeliveryWorker.class);
    /** Longer than one attempt can take (its cut-off, 20 s), so a live worker never loses its lease. */
    static final Duration LEASE = Duration.ofSeconds(60);
    /** SQS batches hold at most 10 messages. */
    static final int PARALLEL = 10;
    /**
     * Attempts in progress to one webhook, at most: a slow or dead receiver occupies this many delivery
     * threads and no more; its other messages wait in the queue ({@link #busyRetry}), not in a thread.
     */
    static final int PER_WEBHOOK = 4;
    /**
     * How long a message that found its webhook busy stays hidden: a random whole number of seconds
     * from 1 to 5 (SQS counts visibility in seconds). Spread, so a backlog comes back a few messages
     * at a time as slots free up; one fixed delay returned it as one wave every 5 s, of which four
     * were taken and the rest sent round again (a 100-alert backlog to a fast receiver took a minute).
     */
    static Duration busyRetry() {
        return Duration.ofSeconds(ThreadLocalRandom.current().nextInt(1, 6));
    }

    private final AlertQueue queue;
    private final DeliveryLog log;
    private final WebhookRepository webhooks;
    private final TargetGuard guard;
    private final WebhookHttp http;
    private final RetrySchedule schedule;
    private final Clock clock;
    private final Map<String, AtomicInteger> inProgress = new ConcurrentHashMap<>();
    private final ExecutorService pool = Executors.newFixedThreadPool(PARALLEL, runnable -> {
        Thread t = new Thread(runnable, "alert-delivery");
        t.setDaemon(true);
        return t;
    });

    public DeliveryWorker(AlertQueue queue, DeliveryLog log, WebhookRepository webhooks, TargetGuard guard,
                          WebhookHttp http, RetrySchedule schedule, Clock clock) {
        this.queue = queue;
        this.log = log;
        this.webhooks = webhooks;
        this.guard = guard;
        this.http = http;
        this.schedule = schedule;
        this.clock = clock;
        // A lease shorter than an attempt would let a second worker send the same delivery while the first waits.
        if (http.cutoff().plusSeconds(10).compareTo(LEASE) > 0) {
            throw new IllegalStateException("webhooks.timeout " + http.cutoff() + " leaves no margin under the " + LEASE + " lease");
        }
        if (LEASE.toSeconds() * 2 > AlertQueue.VISIBILITY_SECONDS) {
            throw new IllegalStateException("the alert queue's visibility timeout must outlast two leases");
        }
    }

    /** A received SQS message, as Lambda's event or the poller's receive gives it. */
    public record Received(String messageId, String receiptHandle, String body) {
    }

    /**
     * Handles a batch, its messages in parallel (so a batch of ten slow receivers takes one 15-second
     * timeout, not ten, well within the function's 30 s); returns the SQS ids of the messages that
     * must stay in the queue (the batch item failures).
     */
    public List<String> process(List<Received> batch) {
        // A message SQS put twice into one batch is handled once; both copies share the outcome.
        Map<String, Future<Boolean>> results = new LinkedHashMap<>();
        for (Received received : batch) {
            results.computeIfAbsent(received.messageId(), id -> pool.submit(() -> handleOne(received)));
        }
        List<String> keep = new ArrayList<>();
        for (Map.Entry<String, Future<Boolean>> result : results.entrySet()) {
            boolean done;
            try {
                done = result.getValue().get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                done = false;
            } catch (ExecutionException e) {
                done = false;
            }
            if (!done) {
                keep.add(result.getKey());
            }
        }
        return keep;
    }

    /** Handles one message on its own; true when it is finished with (delete it). Never throws for a bad message. */
    public boolean handleOne(Received received) {
        try {
            return handle(received);
        } catch (RuntimeException e) {
            // A store or queue hiccup: the message comes back after its visibility timeout and is tried again.
            LOG.warn("Delivery message {} not handled, will be retried: {}", received.messageId(), e.toString());
            return false;
        }
    }

    @PreDestroy
    void stop() {
        pool.shutdownNow();
    }

    /** True when the message is finished with (delete it), false when it must come back later. */
    boolean handle(Received received) {
        DeliveryMessage message;
        try {
            message = queue.parse(received.body());
        } catch (IOException | RuntimeException unreadable) {
            // Left for the redrive policy, which moves it to the dead-letter queue after MAX_RECEIVES receives.
            LOG.warn("Unreadable delivery message {}", received.messageId());
            return false;
        }
        AtomicInteger attempts = inProgress.computeIfAbsent(message.webhookId(), id -> new AtomicInteger());
        if (attempts.incrementAndGet() > PER_WEBHOOK) {
            attempts.decrementAndGet();
            laterOrKeep(received, busyRetry());
            return false;
        }
        try {
            return deliver(received, message);
        } finally {
            attempts.decrementAndGet();
        }
    }

    private boolean deliver(Received received, DeliveryMessage message) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        DeliveryLog.Claim claim = log.claim(message, now, LEASE);
        if (claim instanceof DeliveryLog.Finished) {
            return true; // a duplicate of a delivery already done
        }
        if (claim instanceof DeliveryLog.NotDue notDue) {
            laterOrKeep(received, Duration.between(now, notDue.at()).plusSeconds(1));
            return false;
        }
        int attempt = ((DeliveryLog.Claimed) claim).attemptsSoFar() + 1;
        Optional<WebhookRepository.Signing> signing = webhooks.findForSigning(message.owner(), message.webhookId());
        if (signing.isEmpty()) {
            log.finishUnattempted(message, "webhook deleted");
            return true;
        }
        if (signing.get().webhook().disabled()) {
            deadLetter(received, message, "webhook disabled");
            log.finishUnattempted(message, "webhook disabled: " + signing.get().webhook().disabledReason());
            return true;
        }
        WebhookHttp.Outcome outcome = attempt(signing.get(), message);
        Instant at = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        DeliveryView.Attempt record = new DeliveryView.Attempt(attempt, at.toString(), outcome.statusCode(), outcome.error(),
                outcome.durationMs());
        if (outcome.delivered()) {
            log.recordAttempt(message, record, DeliveryStatus.DELIVERED, null);
            return true;
        }
        if (Integer.valueOf(410).equals(outcome.statusCode())) {
            webhooks.disable(message.owner(), message.webhookId(), "receiver answered 410 Gone", at);
            deadLetter(received, message, "410 Gone: webhook disabled");
            log.recordAttempt(message, record, DeliveryStatus.FAILED, null);
            return true;
        }
        if (attempt >= schedule.maxAttempts()) {
            // Dead-letter first: a crash between the two repeats an attempt rather than losing the message.
            deadLetter(received, message, "failed after " + attempt + " attempts: " + outcome.error());
            log.recordAttempt(message, record, DeliveryStatus.FAILED, null);
            return true;
        }
        Duration delay = schedule.delayAfter(attempt);
        if (outcome.retryAfter() != null && outcome.retryAfter().compareTo(delay) > 0) {
            delay = outcome.retryAfter().compareTo(AlertQueue.MAX_VISIBILITY) > 0 ? AlertQueue.MAX_VISIBILITY : outcome.retryAfter();
        }
        log.recordAttempt(message, record, DeliveryStatus.PENDING, at.plus(delay));
        laterOrKeep(received, delay);
        return false;
    }

    private void deadLetter(Received received, DeliveryMessage message, String reason) {
        queue.deadLetter(received.body(), reason);
        log.markDeadLettered(message, reason);
    }

    private WebhookHttp.Outcome attempt(WebhookRepository.Signing signing, DeliveryMessage message) {
        URI target;
        try {
            target = guard.parse(signing.webhook().url());
        } catch (Rejection refused) {
            return new WebhookHttp.Outcome(null, refused.getMessage(), null, 0);
        }
        // The host is resolved and checked again inside the HTTP client, for this very connection.
        return http.post(target, message.messageId(), signing.secret(), message.payload().getBytes(StandardCharsets.UTF_8));
    }

    /** Sets the message's visibility to the delay; if SQS refuses, it comes back after the queue's default timeout. */
    private void laterOrKeep(Received received, Duration delay) {
        try {
            queue.retryAfter(received.receiptHandle(), delay);
        } catch (RuntimeException e) {
            LOG.warn("Could not delay message {} ({}); it returns after the queue's visibility timeout",
                    received.messageId(), e.toString());
        }
    }
}
