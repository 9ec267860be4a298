package domainintel.aws.logging;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.LoggingEvent;
import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Lambda package's logger writes the lines the local Logback configuration writes, at the same levels. */
class StdoutLoggingTest {
    private static final String PATTERN = "%d{HH:mm:ss.SSS} %-5level %logger{36} - %msg%n";

    @Test
    void writesTheLinesOfTheLogbackPattern() {
        LoggerContext logback = new LoggerContext();
        PatternLayout layout = new PatternLayout();
        layout.setContext(logback);
        layout.setPattern(PATTERN);
        layout.start();
        Instant at = Instant.parse("2026-11-23T09:05:07.008Z");
        LocalTime local = LocalTime.ofInstant(at, ZoneId.systemDefault());
        for (String name : List.of("domainintel.aws.SnapshotPriming", "io.micronaut.context.env.DefaultEnvironment",
                "software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient", "a.b", "Main",
                "io.micronaut.function.aws.proxy.payload1.ApiGatewayProxyRequestEventFunction")) {
            for (Level level : List.of(Level.INFO, Level.WARN, Level.ERROR)) {
                LoggingEvent event = new LoggingEvent(StdoutLoggingTest.class.getName(), logback.getLogger(name),
                        ch.qos.logback.classic.Level.toLevel(level.name()), "Primed {} in {} ms", null, new Object[]{"valuations", 12});
                event.setInstant(at);
                String ours = new StdoutLogger(name, Level.INFO, System.out)
                        .line(local, level, "Primed {} in {} ms", new Object[]{"valuations", 12}, null);
                assertEquals(layout.doLayout(event), ours, name + " at " + level);
            }
        }
    }

    @Test
    void writesToItsStreamAtOrAboveItsLevelWithTheStackTrace() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StdoutLogger logger = new StdoutLogger("org.flywaydb.core.Flyway", StdoutLogging.levelOf("org.flywaydb.core.Flyway"),
                new PrintStream(out, true, StandardCharsets.UTF_8));
        logger.info("not shown");
        logger.warn("Migrating {}", "schema", new IllegalStateException("boom"));
        String written = out.toString(StandardCharsets.UTF_8);
        assertTrue(written.matches("(?s)\\d\\d:\\d\\d:\\d\\d\\.\\d{3} WARN  org\\.flywaydb\\.core\\.Flyway - Migrating schema\\n"
                + "java\\.lang\\.IllegalStateException: boom\\n\\tat .*"), written);
    }

    @Test
    void levelsAreThoseOfTheLogbackConfigurationByLongestPrefix() {
        assertEquals(Level.WARN, StdoutLogging.levelOf("com.zaxxer.hikari.pool.HikariPool"));
        assertEquals(Level.WARN, StdoutLogging.levelOf("org.flywaydb"));
        assertEquals(Level.INFO, StdoutLogging.levelOf("org.flywaydbx.Other"));
        assertEquals(Level.INFO, StdoutLogging.levelOf("domainintel.aws.SnapshotPriming"));
        assertTrue(new StdoutLogging().getLogger("domainintel.x").isInfoEnabled());
        assertTrue(!new StdoutLogging().getLogger("com.zaxxer.hikari.HikariDataSource").isInfoEnabled());
    }
}
