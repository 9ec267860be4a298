package domainintel.access;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * The UTC calendar day a request is counted in. Each day's count is its own attribute on the
 * account's item ({@code q#2026-11-22}), so a new day starts from zero without a reset write.
 */
record QuotaDay(LocalDate date) {
    static QuotaDay of(Instant now) {
        return new QuotaDay(LocalDate.ofInstant(now, ZoneOffset.UTC));
    }

    String attribute() {
        return attribute(date);
    }

    QuotaDay earlier(int daysBack) {
        return new QuotaDay(date.minusDays(daysBack));
    }

    Instant resetAt() {
        return date.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    private static String attribute(LocalDate day) {
        return "q#" + day;
    }
}
