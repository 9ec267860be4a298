package domainintel;

import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;

import java.time.Clock;

/** One clock for the application, so tests can move time (e.g. across a UTC midnight). */
@Factory
public class ClockFactory {
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }
}
