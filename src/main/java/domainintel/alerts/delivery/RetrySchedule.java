package domainintel.alerts.delivery;

import domainintel.alerts.WebhookProperties;
import domainintel.alerts.store.AlertQueue;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * When to retry: the delay before each retry, by default Standard Webhooks' 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 10 h (eight attempts in all). {@code WEBHOOKS_RETRY_SCHEDULE} replaces it.
 */
@Singleton
public class RetrySchedule {
    private final List<Duration> delays;

    public RetrySchedule(WebhookProperties properties) {
        String schedule = properties.retrySchedule();
        List<Duration> parsed = new ArrayList<>();
        for (String step : schedule.split(",")) {
            if (!step.isBlank()) {
                long seconds = Long.parseLong(step.trim());
                if (seconds < 0 || seconds > AlertQueue.MAX_VISIBILITY.toSeconds()) {
                    throw new IllegalArgumentException("webhooks.retry-schedule steps must be 0 to "
                            + AlertQueue.MAX_VISIBILITY.toSeconds() + " seconds");
                }
                parsed.add(Duration.ofSeconds(seconds));
            }
        }
        this.delays = List.copyOf(parsed);
    }

    public int maxAttempts() {
        return delays.size() + 1;
    }

    /** The wait after failed attempt {@code attempt} (1-based); only for attempts below {@link #maxAttempts()}. */
    public Duration delayAfter(int attempt) {
        return delays.get(attempt - 1);
    }
}
