package domainintel.valuation.training;

import com.google.common.hash.Hashing;
import domainintel.names.DomainNames;
import domainintel.sales.Sale;
import domainintel.valuation.NameProfiler;

import java.util.ArrayList;
import java.util.List;

/**
 * Which sales the model learns from, and the name-level split. Sales from the two price-selected
 * auction sources are used for fitting only, weighted by {@link SelectionWeights}; every error the
 * report states is measured on sales drawn at random. Every sale of one name lands on the same side
 * of every split, so no name is seen twice.
 */
final class TrainingData {
    /** Share of names held out for the report, in percent. */
    static final int HOLDOUT_PERCENT = 20;

    record Split(List<Example> training, List<Example> holdout, int skippedInvalid, int selectedInTraining) {
    }

    private TrainingData() {
    }

    /**
     * Splits by name. Held-out sales from price-selected sources are dropped (they are not a fair
     * test), and the selection weights come from the training side alone.
     */
    static Split split(List<Sale> sales, NameProfiler profiler, int seed) {
        List<Sale> training = new ArrayList<>();
        List<Sale> holdout = new ArrayList<>();
        int invalid = 0;
        for (Sale sale : sales) {
            if (DomainNames.tryParse(sale.domain()).isEmpty() || sale.priceUsd() <= 0) {
                invalid++;
            } else if (bucket(key(sale), seed) >= HOLDOUT_PERCENT) {
                training.add(sale);
            } else if (!SelectionWeights.PRICE_SELECTED.contains(sale.source())) {
                holdout.add(sale);
            }
        }
        var weights = SelectionWeights.of(training.stream().filter(SelectionWeights::pooled).toList());
        int selected = (int) training.stream().filter(s -> SelectionWeights.PRICE_SELECTED.contains(s.source())).count();
        return new Split(examples(training, weights, profiler, seed), examples(holdout, weights, profiler, seed), invalid, selected);
    }

    /** Every valid sale, for the shipped model, weighted by the selection weights of all of them. */
    static List<Example> all(List<Sale> sales, NameProfiler profiler, int seed) {
        List<Sale> valid = sales.stream().filter(s -> DomainNames.tryParse(s.domain()).isPresent() && s.priceUsd() > 0).toList();
        return examples(valid, SelectionWeights.of(valid.stream().filter(SelectionWeights::pooled).toList()), profiler, seed);
    }

    private static List<Example> examples(List<Sale> sales, SelectionWeights weights, NameProfiler profiler, int seed) {
        return sales.stream().map(sale -> new Example(profiler.profile(DomainNames.tryParse(sale.domain()).orElseThrow()),
                sale.market(), Math.log(sale.priceUsd()), fold(key(sale), seed), weights.weight(sale),
                sale.source())).toList();
    }

    /** Background names prepared for training, each in the fold its name hashes to. */
    static List<ModelTrainer.Unsold> unsold(List<BackgroundNames.Named> names, NameProfiler profiler, int seed) {
        return names.stream().map(n -> new ModelTrainer.Unsold(profiler.profile(n.name()), n.family(), fold(n.name().name(), seed))).toList();
    }

    private static String key(Sale sale) {
        return DomainNames.tryParse(sale.domain()).map(name -> name.name()).orElse(sale.domain());
    }

    static int fold(String name, int seed) {
        return Math.floorMod(Hashing.murmur3_32_fixed(seed).hashUnencodedChars(name).asInt(), ModelTrainer.FOLDS);
    }

    private static int bucket(String name, int seed) {
        return Math.floorMod(Hashing.murmur3_32_fixed(seed ^ 0x5eed).hashUnencodedChars(name).asInt(), 100);
    }
}
