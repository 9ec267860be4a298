package domainintel.catalogue;

import domainintel.names.DomainName;
import domainintel.names.DomainNames;
import domainintel.names.NameAnalyzer;
import domainintel.sales.Market;
import domainintel.sales.Sale;
import domainintel.sales.SalesCsv;
import domainintel.valuation.Valuator;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import io.micronaut.transaction.annotation.Transactional;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * DEMO DATA. When the catalogue is empty (a fresh {@code DATA_DIR}), lists 3,000 names that really
 * sold (from the bundled sales), listed on a deterministic date in 2026. A name last sold to an
 * end user is asked at that price; a name last bought at auction is asked at the model's retail
 * value, as the investor who bought it would list it (asking the auction price would make the
 * catalogue an implausible bargain bin). Prices to two significant figures. Same names, prices and
 * dates on every machine. These are not real offers. Off with {@code CATALOGUE_DEMO=false} (as on AWS).
 */
@Singleton
@Requires(property = "catalogue.demo-on-empty", value = "true")
public class DemoCatalogue {
    static final int SIZE = 3_000;
    private static final long SEED = 20_261_122L;
    private static final Instant FIRST_LISTED = Instant.parse("2026-01-05T00:00:00Z");
    private static final Logger LOG = LoggerFactory.getLogger(DemoCatalogue.class);

    private final ListingRepository listings;
    private final PriceChangeRepository priceChanges;
    private final NameAnalyzer analyzer;
    private final Valuator valuator;

    public DemoCatalogue(ListingRepository listings, PriceChangeRepository priceChanges, NameAnalyzer analyzer, Valuator valuator) {
        this.listings = listings;
        this.priceChanges = priceChanges;
        this.analyzer = analyzer;
        this.valuator = valuator;
    }

    @EventListener
    @Transactional
    void onStartup(StartupEvent event) {
        if (listings.count() > 0) {
            return;
        }
        List<Listing> demo = build();
        listings.saveAll(demo);
        priceChanges.saveAll(demo.stream()
                .map(l -> new PriceChange(null, l.name(), null, l.price(), l.currency(), l.listedAt())).toList());
        LOG.info("Catalogue was empty: loaded {} demo listings", demo.size());
    }

    List<Listing> build() {
        // The latest sale of each valid name, in name order, then a seeded shuffle: deterministic.
        Map<String, Sale> latest = new LinkedHashMap<>();
        SalesCsv.bundled().stream()
                .filter(s -> DomainNames.tryParse(s.domain()).isPresent())
                .sorted(Comparator.comparing(Sale::domain).thenComparing(s -> s.date() == null ? LocalDate.MIN : s.date()))
                .forEach(s -> latest.put(s.domain(), s));
        List<Sale> pool = new ArrayList<>(latest.values());
        java.util.Collections.shuffle(pool, new Random(SEED));
        Random dates = new Random(SEED);
        List<Listing> demo = new ArrayList<>(SIZE);
        for (Sale sale : pool.subList(0, Math.min(SIZE, pool.size()))) {
            DomainName name = DomainNames.parse(sale.domain());
            Instant listedAt = FIRST_LISTED.plus(dates.nextInt(300 * 24), ChronoUnit.HOURS).atOffset(ZoneOffset.UTC).toInstant();
            long price = sale.market() == Market.RETAIL ? roundPrice(sale.priceUsd()) : valuator.value(name).value();
            demo.add(new Listing(null, name.name(), name.tld(), name.length(), price, ListingWriter.CURRENCY,
                    analyzer.category(name), ListingStatus.AVAILABLE, name.hasDigits(), name.hasHyphen(), listedAt, listedAt));
        }
        return demo;
    }

    /** Two significant figures, as asking prices are quoted ($2,025 lists at $2,000; $753 at $750). */
    static long roundPrice(long price) {
        if (price < 100) {
            return price;
        }
        long scale = (long) Math.pow(10, (long) Math.log10(price) - 1);
        return Math.round((double) price / scale) * scale;
    }
}
