package domainintel.support;

import io.micronaut.context.annotation.Replaces;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** The application clock in tests: the system clock until a test pins it (e.g. just before midnight UTC). */
@Singleton
@Replaces(Clock.class)
public class MutableClock extends Clock {
    private volatile Instant pinned;

    public void pin(Instant instant) {
        this.pinned = instant;
    }

    public void release() {
        this.pinned = null;
    }

    @Override
    public Instant instant() {
        Instant p = pinned;
        return p != null ? p : Instant.now();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
