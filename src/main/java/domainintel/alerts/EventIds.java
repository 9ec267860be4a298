package domainintel.alerts;

import domainintel.access.ApiKeySecrets;

import java.time.Instant;

/**
 * Event ids that sort by time ({@code evt_} + 13-digit epoch milliseconds + 12 random base62), so a
 * webhook's delivery log, keyed by event id, reads newest first with one query.
 */
public final class EventIds {
    private EventIds() {
    }

    public static String next(Instant at) {
        return String.format("evt_%013d%s", at.toEpochMilli(), ApiKeySecrets.randomBase62(12));
    }
}
