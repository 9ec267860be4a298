package domainintel.access;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts failed credential attempts per client address in fixed windows, so a guesser is slowed
 * to {@code limit} tries a window. In memory, per process: on AWS each function instance counts
 * its own, behind API Gateway's own throttling.
 */
final class FailedAttempts {
    /** Addresses tracked at most; beyond it expired windows are dropped (a flood of addresses costs bounded memory). */
    static final int MAX_TRACKED = 10_000;

    private final int limit;
    private final Duration window;
    private final Clock clock;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    FailedAttempts(int limit, Duration window, Clock clock) {
        this.limit = limit;
        this.window = window;
        this.clock = clock;
    }

    private record Window(long startMs, int failures) {
    }

    /** Seconds until {@code address} may try again, or 0 if it may try now. */
    long blockedForSeconds(String address) {
        Window w = windows.get(address);
        long now = clock.millis();
        if (w == null || w.failures() < limit || now - w.startMs() >= window.toMillis()) {
            return 0;
        }
        return Math.max(1, (w.startMs() + window.toMillis() - now + 999) / 1000);
    }

    /** Records a failure; returns the failures from this address in the current window. */
    int recordFailure(String address) {
        long now = clock.millis();
        if (windows.size() >= MAX_TRACKED) {
            windows.values().removeIf(w -> now - w.startMs() >= window.toMillis());
            if (windows.size() >= MAX_TRACKED) {
                windows.clear();
            }
        }
        return windows.compute(address, (a, w) -> w == null || now - w.startMs() >= window.toMillis()
                ? new Window(now, 1) : new Window(w.startMs(), w.failures() + 1)).failures();
    }
}
