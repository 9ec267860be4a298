package domainintel.valuation.training;

import com.google.common.hash.Hashing;
import domainintel.names.DomainNames;
import domainintel.sales.Sale;
import domainintel.valuation.NameProfiler;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which sales the model learns from, and the name-level split. The two auction sources that were
 * selected on price (only sales of $5,000+, or a price-balanced sample) are left out: learning from
 * them as if they were random would teach the model that auction prices are higher than they are.
 * Every sale of one name lands on the same side of every split, so no name is seen twice.
 */
final class TrainingData {
    static final Set<String> PRICE_SELECTED = Set.of("auctions-2015-2020-highvalue", "auctions-2015-2020-balanced");
    /** Share of names held out for the report, in percent. */
    static final int HOLDOUT_PERCENT = 20;

    record Split(List<Example> training, List<Example> holdout, int skippedInvalid, int skippedSelected) {
        List<Example> all() {
            var all = new ArrayList<>(training);
            all.addAll(holdout);
            return all;
        }
    }

    private TrainingData() {
    }

    static Split split(List<Sale> sales, NameProfiler profiler, int seed) {
        List<Example> training = new ArrayList<>();
        List<Example> holdout = new ArrayList<>();
        int invalid = 0;
        int selected = 0;
        for (Sale sale : sales) {
            if (PRICE_SELECTED.contains(sale.source())) {
                selected++;
                continue;
            }
            var name = DomainNames.tryParse(sale.domain());
            if (name.isEmpty() || sale.priceUsd() <= 0) {
                invalid++;
                continue;
            }
            String key = name.get().name();
            var example = new Example(profiler.profile(name.get()), sale.market(), Math.log(sale.priceUsd()), fold(key, seed));
            (bucket(key, seed) < HOLDOUT_PERCENT ? holdout : training).add(example);
        }
        return new Split(List.copyOf(training), List.copyOf(holdout), invalid, selected);
    }

    static int fold(String name, int seed) {
        return Math.floorMod(Hashing.murmur3_32_fixed(seed).hashUnencodedChars(name).asInt(), ModelTrainer.FOLDS);
    }

    private static int bucket(String name, int seed) {
        return Math.floorMod(Hashing.murmur3_32_fixed(seed ^ 0x5eed).hashUnencodedChars(name).asInt(), 100);
    }
}
