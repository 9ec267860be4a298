package domainintel.support;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Quotas are counted per UTC day, on the server's clock. A test that counts a key's requests over
 * some time (a restart, a second process starting) must not straddle midnight, or the counts
 * start again halfway through: such a test first makes sure enough of the day is left.
 */
public final class UtcDay {
    private UtcDay() {
    }

    /** Returns at once, or just after the next midnight UTC when less than {@code needed} is left of today. */
    public static void atLeastLeft(Duration needed) throws InterruptedException {
        Instant now = Instant.now();
        Duration left = Duration.between(now, now.truncatedTo(ChronoUnit.DAYS).plus(1, ChronoUnit.DAYS));
        if (left.compareTo(needed) < 0) {
            Thread.sleep(left.toMillis() + 1_000);
        }
    }
}
