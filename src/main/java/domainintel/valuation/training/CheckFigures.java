package domainintel.valuation.training;

import domainintel.names.DomainName;
import domainintel.names.DomainNames;
import domainintel.names.EnglishWords;
import domainintel.sales.Market;
import domainintel.valuation.NameProfile;
import domainintel.valuation.NameProfiler;
import domainintel.valuation.ResidualRanges;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiFunction;

/**
 * Measures a valuer on the {@link CheckLists}: what random strings are valued at, whether sold
 * names rank above random strings of their length (AUC), how often a word's {@code .com} beats its
 * scrambled, {@code .info} and padded-phrase twins, and how many $1M+ held-out sales reach $250k.
 * Figures are kept by key so that two models' figures can be printed side by side.
 */
final class CheckFigures {
    static final double HIGH_VALUE = 250_000;
    /** Two-word .com sales at or above this price are the premium compounds the compound figures look at. */
    static final double COMPOUND_TOP = 100_000;

    /** Anything that values a name in a market, in ln dollars. */
    interface Valuer {
        double logValue(NameProfile profile, Market market);
    }

    private CheckFigures() {
    }

    static Map<String, Double> measure(CheckLists.Lists lists, Valuer valuer, NameProfiler profiler, EnglishWords english) {
        Map<String, Double> figures = new LinkedHashMap<>();
        double[] retail = values(lists.randomCom(), valuer, profiler, Market.RETAIL);
        double[] wholesale = values(lists.randomCom(), valuer, profiler, Market.WHOLESALE);
        figures.put("random_retail_median", Math.exp(quantile(retail, 0.5)));
        figures.put("random_retail_p95", Math.exp(quantile(retail, 0.95)));
        figures.put("random_wholesale_median", Math.exp(quantile(wholesale, 0.5)));
        figures.put("auction_n", (double) lists.soldAuction().size());
        figures.put("auction_auc", auc(values(lists.soldAuction(), valuer, profiler, Market.RETAIL),
                values(lists.randomTwins(), valuer, profiler, Market.RETAIL)));
        figures.put("auction_auc_wholesale", auc(values(lists.soldAuction(), valuer, profiler, Market.WHOLESALE),
                values(lists.randomTwins(), valuer, profiler, Market.WHOLESALE)));
        var random = new SplittableRandom(CheckLists.SEED + 1);
        double scramble = 0;
        double info = 0;
        double padded = 0;
        for (String word : lists.words()) {
            double dotCom = value(word + ".com", valuer, profiler);
            scramble += win(dotCom, value(CheckLists.scramble(word, english, random) + ".com", valuer, profiler));
            info += win(dotCom, value(word + ".info", valuer, profiler));
            padded += win(dotCom, value("best-" + word + "-online-store-24.com", valuer, profiler));
        }
        figures.put("word_vs_scramble", scramble / lists.words().size());
        figures.put("word_vs_info", info / lists.words().size());
        figures.put("word_vs_padded", padded / lists.words().size());
        twins("typo", CheckLists.SEED + 2, (word, stream) -> CheckLists.typo(word, english, stream), lists.words(), valuer, profiler, figures);
        twins("accented", CheckLists.SEED + 4, BackgroundNames::accented, lists.words(), valuer, profiler, figures);
        figures.put("million_n", (double) lists.million().size());
        figures.put("million_share_250k", lists.million().isEmpty() ? Double.NaN : lists.million().stream()
                .filter(e -> valuer.logValue(e.profile(), Market.RETAIL) >= Math.log(HIGH_VALUE)).count() / (double) lists.million().size());
        compounds(lists.compounds(), valuer, figures);
        for (CheckLists.Junk junk : lists.junk()) {
            double[] values = values(junk.names(), valuer, profiler, Market.RETAIL);
            figures.put(junk.key() + "_retail_median", Math.exp(quantile(values, 0.5)));
            figures.put(junk.key() + "_retail_p95", Math.exp(quantile(values, 0.95)));
        }
        return figures;
    }

    /**
     * Each common word beside a twin made from it, from a random stream of its own (so that the other word
     * checks draw exactly what they drew before this one existed): how often {@code word.com} is valued above
     * its twin's {@code .com} ({@code word_vs_<kind>}), and what the twins are valued at. No target: the issue
     * names no bound, but the twins are names nobody buys for the word. Kinds: {@code typo}, one typing slip
     * ({@link CheckLists#typo}); {@code accented}, one letter accented ({@code hotèls.com}, an internationalised
     * name that reads as the word; {@link BackgroundNames#accented}).
     */
    private static void twins(String kind, long seed, BiFunction<String, SplittableRandom, String> twin, List<String> words,
                              Valuer valuer, NameProfiler profiler, Map<String, Double> figures) {
        var random = new SplittableRandom(seed);
        double wins = 0;
        double[] twins = new double[words.size()];
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            twins[i] = value(twin.apply(word, random) + ".com", valuer, profiler);
            wins += win(value(word + ".com", valuer, profiler), twins[i]);
        }
        figures.put("word_vs_" + kind, wins / words.size());
        figures.put(kind + "_retail_median", Math.exp(quantile(twins, 0.5)));
        figures.put(kind + "_retail_p95", Math.exp(quantile(twins, 0.95)));
    }

    /**
     * Whether a name made of two words is valued by what buyers pay for them: how the retail values
     * of held-out two-word {@code .com} sales rank against their prices, and where those that sold for
     * $100k or more come out beside the rest.
     */
    private static void compounds(List<Example> sales, Valuer valuer, Map<String, Double> figures) {
        double[] price = sales.stream().mapToDouble(Example::logPrice).toArray();
        double[] value = sales.stream().mapToDouble(e -> valuer.logValue(e.profile(), Market.RETAIL)).toArray();
        double top = Math.log(COMPOUND_TOP);
        figures.put("compound_n", (double) sales.size());
        figures.put("compound_spearman", sales.size() < 2 ? Double.NaN : Metrics.spearman(price, value));
        figures.put("compound_top_n", (double) Arrays.stream(price).filter(p -> p >= top).count());
        figures.put("compound_top_median", median(value, price, p -> p >= top));
        figures.put("compound_rest_median", median(value, price, p -> p < top));
    }

    private static double median(double[] values, double[] prices, java.util.function.DoublePredicate which) {
        double[] picked = java.util.stream.IntStream.range(0, values.length).filter(i -> which.test(prices[i])).mapToDouble(i -> values[i]).toArray();
        return picked.length == 0 ? Double.NaN : Math.exp(quantile(picked, 0.5));
    }

    /**
     * The share of {@code sales} (training sales: the top-end rule) that {@code valuer} values
     * at {@code factor} times or more below their price, in their own market.
     */
    static double shareFarBelow(List<Example> sales, Valuer valuer, double factor) {
        return sales.stream().filter(e -> valuer.logValue(e.profile(), e.market()) <= e.logPrice() - Math.log(factor)).count()
                / (double) Math.max(1, sales.size());
    }

    /** Area under the ROC curve: the chance that a random positive outranks a random negative (ties count half). */
    static double auc(double[] positives, double[] negatives) {
        double[] sortedNegatives = negatives.clone();
        Arrays.sort(sortedNegatives);
        double wins = 0;
        for (double p : positives) {
            int below = lowerBound(sortedNegatives, p);
            int notAbove = upperBound(sortedNegatives, p);
            wins += below + 0.5 * (notAbove - below);
        }
        return wins / ((double) positives.length * negatives.length);
    }

    private static int lowerBound(double[] sorted, double value) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static int upperBound(double[] sorted, double value) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static double win(double a, double b) {
        return a > b ? 1 : a == b ? 0.5 : 0;
    }

    private static double value(String name, Valuer valuer, NameProfiler profiler) {
        return valuer.logValue(profiler.profile(DomainNames.parse(name)), Market.RETAIL);
    }

    private static double[] values(List<DomainName> names, Valuer valuer, NameProfiler profiler, Market market) {
        return names.stream().mapToDouble(n -> valuer.logValue(profiler.profile(n), market)).toArray();
    }

    static double quantile(double[] values, double q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return ResidualRanges.quantile(sorted, q);
    }

    static void write(Map<String, Double> figures, Path file) throws IOException {
        var out = new StringBuilder();
        figures.forEach((key, value) -> out.append(key).append('\t').append(String.format(Locale.ROOT, "%.6g", value)).append('\n'));
        Files.writeString(file, out.toString());
    }

    static Map<String, Double> read(Path file) throws IOException {
        Map<String, Double> figures = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split("\t");
            if (f.length == 2) {
                figures.put(f[0], Double.parseDouble(f[1]));
            }
        }
        return figures;
    }
}
