package domainintel.market;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import io.micronaut.scheduling.TaskExecutors;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Locale;
import java.util.concurrent.ExecutorService;

/**
 * Prepares the market trends at start-up ({@link MarketTrends#prepare}: the bundled sales into an
 * empty history, then the index) so that the first trends request finds them ready.
 * {@code market.bootstrap}: {@code background} (default) prepares beside the start-up, which other
 * features need not wait for; {@code blocking} prepares before the process serves (on Lambda, so
 * that the SnapStart snapshot holds the index); {@code off} leaves it to the first trends request
 * or import (the Lambda functions that serve no market route), and then this bean does not exist: a
 * function's lazy context creates it only to hear the start-up event, and it would bring the database
 * with it into functions that have none.
 */
@Singleton
@Requires(property = "market.bootstrap", notEquals = "off")
public class MarketBootstrap {
    private static final Logger LOG = LoggerFactory.getLogger(MarketBootstrap.class);

    private final MarketTrends trends;
    private final ExecutorService executor;
    private final String mode;

    public MarketBootstrap(MarketTrends trends, @Named(TaskExecutors.BLOCKING) ExecutorService executor,
                           MarketProperties properties) {
        this.trends = trends;
        this.executor = executor;
        this.mode = properties.bootstrap().toLowerCase(Locale.ROOT);
    }

    @EventListener
    void onStartup(StartupEvent event) {
        switch (mode) {
            case "blocking" -> trends.prepare();
            case "background" -> executor.execute(this::prepareQuietly);
            default -> throw new IllegalStateException("market.bootstrap must be background, blocking or off, not '" + mode + "'");
        }
    }

    /** A failure here (the process shutting down, the database away) is retried by the first request. */
    private void prepareQuietly() {
        try {
            trends.prepare();
        } catch (RuntimeException e) {
            LOG.warn("Market trends not prepared at start-up ({}); the first trends request will", e.toString());
        }
    }
}
