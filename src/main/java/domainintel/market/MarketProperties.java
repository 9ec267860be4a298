package domainintel.market;

import io.micronaut.context.annotation.ConfigurationProperties;

import java.time.Duration;

/**
 * {@code market.*}: when the trends are first built ({@code bootstrap}: background, blocking or off)
 * and how often a request checks whether another process imported sales ({@code trends.check-every}).
 */
@ConfigurationProperties("market")
public record MarketProperties(String bootstrap, Trends trends) {

    @ConfigurationProperties("trends")
    public record Trends(Duration checkEvery) {
    }
}
