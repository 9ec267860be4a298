package domainintel.market;

import domainintel.names.DomainName;
import domainintel.sales.Market;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The market trends of this process: a {@link TrendIndex} of the sales history, rebuilt at start-up
 * and after each import here. Other processes (other Lambda instances) import too, so at most every
 * {@code market.trends.check-every} a request asks the database for the history's highest sale id
 * (one indexed query) and rebuilds when it moved: an import elsewhere shows here within that bound.
 */
@Singleton
public class MarketTrends {
    private static final Logger LOG = LoggerFactory.getLogger(MarketTrends.class);

    private final SaleRepository sales;
    private final NameFacts nameFacts;
    private final long checkEveryNanos;
    private volatile TrendIndex index;
    private volatile long checkedAt;

    public MarketTrends(SaleRepository sales, NameFacts nameFacts,
                        @Value("${market.trends.check-every:30s}") Duration checkEvery) {
        this.sales = sales;
        this.nameFacts = nameFacts;
        this.checkEveryNanos = checkEvery.toNanos();
    }

    public Trends trends(TrendQuery query) {
        return current().answer(query);
    }

    /** Reads the dated sales and replaces the index; what start-up and imports call. */
    public synchronized void rebuild() {
        long started = System.nanoTime();
        long version = sales.maxId();
        List<StoredSale> dated = sales.findBySaleDateIsNotNull();
        List<TrendIndex.Entry> entries = new ArrayList<>(dated.size());
        for (StoredSale sale : dated) {
            String label = sale.domain().substring(0, sale.domain().length() - sale.tld().length() - 1);
            DomainName name = new DomainName(sale.domain(), label, sale.tld());
            entries.add(new TrendIndex.Entry(sale.priceUsd(), sale.saleDate(), sale.tld(),
                    Market.valueOf(sale.market().toUpperCase(Locale.ROOT)), nameFacts.of(name), label.length()));
        }
        index = new TrendIndex(version, entries);
        checkedAt = System.nanoTime();
        LOG.info("Market trends built from {} dated sales in {} ms", entries.size(), (checkedAt - started) / 1_000_000);
    }

    private TrendIndex current() {
        TrendIndex current = index;
        if (current == null || System.nanoTime() - checkedAt > checkEveryNanos) {
            synchronized (this) {
                if (index == null || System.nanoTime() - checkedAt > checkEveryNanos) {
                    if (index == null || sales.maxId() != index.version()) {
                        rebuild();
                    }
                    checkedAt = System.nanoTime();
                }
                current = index;
            }
        }
        return current;
    }
}
