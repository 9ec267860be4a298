package domainintel.market;

import domainintel.names.DomainName;
import domainintel.sales.Market;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * The market trends of this process: a {@link TrendIndex} of the sales history, built once the
 * bundled sales are in (see {@link MarketBootstrap}) and rebuilt after each import here. Other
 * processes (other Lambda instances) import too, so at most every {@code market.trends.check-every}
 * a request asks the database for the history's highest sale id (one indexed query) and rebuilds
 * when it moved: an import elsewhere shows here within that bound.
 */
@Singleton
public class MarketTrends {
    private static final Logger LOG = LoggerFactory.getLogger(MarketTrends.class);

    private final BundledSales bundled;
    private final SalesBulk bulk;
    private final SaleRepository sales;
    private final NameFacts nameFacts;
    private final long checkEveryNanos;
    private volatile TrendIndex index;
    private volatile long checkedAt;

    public MarketTrends(BundledSales bundled, SalesBulk bulk, SaleRepository sales, NameFacts nameFacts,
                        MarketProperties properties) {
        this.bundled = bundled;
        this.bulk = bulk;
        this.sales = sales;
        this.nameFacts = nameFacts;
        this.checkEveryNanos = properties.trends().checkEvery().toNanos();
    }

    public Trends trends(TrendQuery query) {
        return current().answer(query);
    }

    /**
     * The bundled sales into an empty history, then the first index; once. Whoever comes first does
     * it (the start-up task, or a request if that task has not run or failed) and the others wait.
     */
    public synchronized void prepare() {
        if (index == null) {
            bundled.loadIfAbsent();
            rebuild();
        }
    }

    /** After sales were added here: a new index, if this process has one (else the first request builds it). */
    public synchronized void refresh() {
        if (index != null) {
            rebuild();
        }
    }

    /** Reads the dated sales and replaces the index. */
    private synchronized void rebuild() {
        long started = System.nanoTime();
        long version = sales.maxId();
        List<SalesBulk.DatedSale> dated = bulk.dated();
        List<TrendIndex.Entry> entries = new ArrayList<>(dated.size());
        for (SalesBulk.DatedSale sale : dated) {
            String label = sale.domain().substring(0, sale.domain().length() - sale.tld().length() - 1);
            DomainName name = new DomainName(sale.domain(), label, sale.tld());
            entries.add(new TrendIndex.Entry(sale.priceUsd(), sale.date(), sale.tld(),
                    sale.market(), nameFacts.of(name), label.length()));
        }
        index = new TrendIndex(version, entries);
        checkedAt = System.nanoTime();
        LOG.info("Market trends built from {} dated sales in {} ms", entries.size(), (checkedAt - started) / 1_000_000);
    }

    private TrendIndex current() {
        if (index == null) {
            prepare();
        }
        if (System.nanoTime() - checkedAt > checkEveryNanos) {
            synchronized (this) {
                if (System.nanoTime() - checkedAt > checkEveryNanos) {
                    if (sales.maxId() != index.version()) {
                        rebuild();
                    }
                    checkedAt = System.nanoTime();
                }
            }
        }
        return index;
    }
}
