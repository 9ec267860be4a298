package domainintel.aws.logging;

import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.event.Level;
import org.slf4j.helpers.BasicMDCAdapter;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The SLF4J binding of the Lambda package (registered by {@code src/lambda/resources}, so only the deployment zip
 * uses it; the local server keeps Logback). It writes the same lines as the local {@code logback.xml} pattern
 * ({@code %d{HH:mm:ss.SSS} %-5level %logger{36} - %msg%n}, then the stack trace of a throwable) to standard
 * output, which Lambda sends to the function's log group, at the same levels (INFO, WARN for Flyway and Hikari).
 * Why not Logback there: configuring it loads about 500 of its classes and 120 of the JDK's XML parser at every
 * cold start, for a console appender (docs/benchmarks.md). Messages are logged as the code formats them: like
 * Logback, this adds nothing that could carry a secret.
 */
public final class StdoutLogging implements SLF4JServiceProvider, ILoggerFactory {
    /** Loggers that log less than INFO (only WARN and above), by name prefix; the rest log at INFO. As in logback.xml, for what runs on Lambda. */
    private static final Map<String, Level> LEVELS = Map.of("org.flywaydb", Level.WARN, "com.zaxxer.hikari", Level.WARN);

    private final Map<String, Logger> loggers = new ConcurrentHashMap<>();
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new BasicMDCAdapter();

    @Override
    public Logger getLogger(String name) {
        return loggers.computeIfAbsent(name, n -> new StdoutLogger(n, levelOf(n), System.out));
    }

    /** The level of the longest configured prefix of {@code name} (a package or a class), else INFO. */
    static Level levelOf(String name) {
        Level level = Level.INFO;
        int matched = -1;
        for (var entry : LEVELS.entrySet()) {
            String prefix = entry.getKey();
            boolean covers = name.equals(prefix) || name.startsWith(prefix) && name.charAt(prefix.length()) == '.';
            if (covers && prefix.length() > matched) {
                level = entry.getValue();
                matched = prefix.length();
            }
        }
        return level;
    }

    @Override
    public ILoggerFactory getLoggerFactory() {
        return this;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {
        // Nothing to configure: the levels above are the configuration.
    }
}
