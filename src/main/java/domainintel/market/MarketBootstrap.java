package domainintel.market;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import jakarta.inject.Singleton;

/**
 * At start-up: the bundled sales into an empty history, then the trends built, so the first request
 * (and, on Lambda, the SnapStart snapshot) finds them ready. Off ({@code MARKET_BOOTSTRAP=false}) in
 * processes that serve no market route, such as the other Lambda functions.
 */
@Singleton
@Requires(property = "market.bootstrap-on-start", value = "true", defaultValue = "true")
public class MarketBootstrap {
    private final BundledSales bundled;
    private final MarketTrends trends;

    public MarketBootstrap(BundledSales bundled, MarketTrends trends) {
        this.bundled = bundled;
        this.trends = trends;
    }

    @EventListener
    void onStartup(StartupEvent event) {
        bundled.loadIfAbsent();
        trends.rebuild();
    }
}
