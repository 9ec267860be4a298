package domainintel.market;

import domainintel.names.DomainName;
import domainintel.names.DomainNames;
import domainintel.sales.Sale;
import domainintel.sales.SalesCsv;
import io.micronaut.data.exceptions.DataAccessException;
import io.micronaut.transaction.annotation.Transactional;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Puts the bundled real sales ({@code sales.SalesCsv}) into the sales history once per database.
 * The nine bundled names under private suffixes ({@code hb.co.com}, {@code mind.it.com}) are not
 * registrable names for {@code names.DomainNames} and are left out.
 */
@Singleton
public class BundledSales {
    static final String DATASET = "bundled-sales";
    static final java.time.Duration WAIT_FOR_OTHER_LOADER = java.time.Duration.ofSeconds(60);
    private static final Logger LOG = LoggerFactory.getLogger(BundledSales.class);

    private final SalesBulk bulk;
    private final SalesDatasetRepository datasets;
    private final Clock clock;

    public BundledSales(SalesBulk bulk, SalesDatasetRepository datasets, Clock clock) {
        this.bulk = bulk;
        this.datasets = datasets;
        this.clock = clock;
    }

    /**
     * Loads the bundled sales unless this database already has them; true if this call loaded them.
     * Callers in one process wait for the one load; a load racing in another process makes this one
     * wait (up to {@link #WAIT_FOR_OTHER_LOADER}) for that process's copy to commit.
     */
    public synchronized boolean loadIfAbsent() {
        if (datasets.existsById(DATASET)) {
            return false;
        }
        try {
            return load();
        } catch (DataAccessException e) {
            // Another process is loading them at the same moment: its marker row wins, ours rolled back.
            // H2 gives up on the lock before a 38,000-row load commits, so look until the copy is there.
            long deadline = System.nanoTime() + WAIT_FOR_OTHER_LOADER.toNanos();
            while (System.nanoTime() < deadline) {
                if (datasets.existsById(DATASET)) {
                    return false;
                }
                try {
                    Thread.sleep(250);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            throw e;
        }
    }

    @Transactional
    boolean load() {
        var now = clock.instant();
        List<StoredSale> rows = new ArrayList<>(40_000);
        int skipped = 0;
        for (Sale sale : SalesCsv.bundled()) {
            Optional<DomainName> name = DomainNames.tryParse(sale.domain());
            if (name.isEmpty()) {
                skipped++;
                continue;
            }
            rows.add(new StoredSale(null, name.get().name(), name.get().tld(), sale.priceUsd(), sale.date(), sale.year(),
                    sale.venue(), sale.source(), sale.market(), now));
        }
        // The marker first: a concurrent loader blocks on its primary key here, before copying anything.
        datasets.save(new SalesDataset(DATASET, rows.size(), now));
        bulk.insert(rows);
        LOG.info("Bundled sales were not in the sales history: loaded {} ({} names that are not registrable left out)", rows.size(), skipped);
        return true;
    }
}
