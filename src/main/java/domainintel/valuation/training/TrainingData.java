package domainintel.valuation.training;

import com.google.common.hash.Hashing;
import domainintel.names.DomainNames;
import domainintel.sales.RepeatedReports;
import domainintel.sales.Sale;
import domainintel.valuation.NameProfiler;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Which sales the model learns from, and the name-level split. Sales from the two price-selected
 * auction sources are used for fitting only, weighted by {@link SelectionWeights}; every error the
 * report states is measured on sales drawn at random. Every sale of one name lands on the same side
 * of every split, so no name is seen twice, and a sale that several sources of one market report
 * counts once in training (see {@link #distinct}). The held-out side keeps every report, as the data
 * gives them (so do the sealed evaluation's rows), so that its figures stand beside earlier models'.
 */
final class TrainingData {
    /** Share of names held out for the report, in percent. */
    static final int HOLDOUT_PERCENT = 20;
    /** The year-end top-sales charts: each sale there is dated 31 December of its year, and most were in a weekly report too. */
    static final String YEAR_END_CHARTS = "dnjournal-ytd";

    record Split(List<Example> training, List<Example> holdout, int skippedInvalid, int selectedInTraining, int duplicates) {
    }

    private TrainingData() {
    }

    /**
     * Splits by name. Held-out sales from price-selected sources are dropped (they are not a fair
     * test), and the selection weights come from the training side alone. Repeated reports are left
     * out of the training side only.
     */
    static Split split(List<Sale> reported, NameProfiler profiler, int seed) {
        List<Sale> training = new ArrayList<>();
        List<Sale> holdout = new ArrayList<>();
        int invalid = 0;
        for (Sale sale : reported) {
            if (DomainNames.tryParse(sale.domain()).isEmpty() || sale.priceUsd() <= 0) {
                invalid++;
            } else if (bucket(key(sale), seed) >= HOLDOUT_PERCENT) {
                training.add(sale);
            } else if (!SelectionWeights.PRICE_SELECTED.contains(sale.source())) {
                holdout.add(sale);
            }
        }
        int reports = training.size();
        training = distinct(training);
        var weights = SelectionWeights.of(training.stream().filter(SelectionWeights::pooled).toList());
        int selected = (int) training.stream().filter(s -> SelectionWeights.PRICE_SELECTED.contains(s.source())).count();
        return new Split(examples(training, weights, profiler, seed), examples(holdout, weights, profiler, seed), invalid, selected,
                reports - training.size());
    }

    /** Every valid sale (each once), for the shipped model, weighted by the selection weights of all of them. */
    static List<Example> all(List<Sale> sales, NameProfiler profiler, int seed) {
        List<Sale> valid = distinct(sales).stream().filter(s -> DomainNames.tryParse(s.domain()).isPresent() && s.priceUsd() > 0).toList();
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

    /**
     * The sales, each once in each market that reported it, in their order. One sale is often in several
     * sources: a weekly trade-press report, that year's top-sales chart and the venue's own record
     * (namebio-2024, the auction lists). Counted once per report, it would weigh two or three times in
     * the price evidence and the trees. Which reports are of one sale: {@link RepeatedReports}.
     *
     * <p>A sale both the venue's record (wholesale) and the press (retail) report stays once in each
     * market: the model values every name in both, and the auction sources are samples of their market
     * (the random one sets the selection weights), which losing their dearest sales would skew, while
     * the retail market would lose the sales that show what its top names fetch (keeping only the
     * venue's row took 92 of them out of retail). Between press reports, the weekly one is kept over the chart.
     */
    static List<Sale> distinct(List<Sale> sales) {
        boolean[] kept = new boolean[sales.size()];
        var reports = new RepeatedReports();
        IntStream.range(0, sales.size()).boxed().sorted(Comparator.comparingInt(i -> precedence(sales.get(i))))
                .forEach(i -> kept[i] = reports.first(key(sales.get(i)), sales.get(i)));
        return IntStream.range(0, sales.size()).filter(i -> kept[i]).mapToObj(sales::get).toList();
    }

    /** Which of several reports of one sale in one market is kept: the lowest (the chart only repeats retail reports). */
    private static int precedence(Sale sale) {
        return YEAR_END_CHARTS.equals(sale.source()) ? 1 : 0;
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
