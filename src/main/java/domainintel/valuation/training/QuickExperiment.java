package domainintel.valuation.training;

import domainintel.sales.Market;
import domainintel.sales.SalesCsv;
import domainintel.valuation.Feature;
import domainintel.valuation.NameProfiler;
import domainintel.valuation.PriceCalibration;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * {@code train-model --quick [--seed N] [--min-data-in-leaf N] [--objective NAME[,PARAM=V]] [--rounds N,RATE] [--threads N] [--without FEATURE,...]}: the price-if-sold
 * trees alone, out of fold inside the training split (the held-out names are not touched), with
 * their accuracy per market (before and after the price calibration, itself fitted out of fold) and
 * on the groups the compound and top-end work is about. Minutes
 * instead of a full run's hour, for deciding features and tree settings.
 */
final class QuickExperiment {
    private QuickExperiment() {
    }

    static int run(String[] args) {
        int seed = 42;
        var parameters = TrainingParameters.defaults(seed);
        Set<Feature> unused = EnumSet.noneOf(Feature.class);
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> { }
                case "--seed" -> {
                    seed = Integer.parseInt(args[++i]);
                    parameters = parameters.withSeed(seed);
                }
                case "--min-data-in-leaf" -> parameters = parameters.withMinDataInLeaf(Integer.parseInt(args[++i]));
                case "--objective" -> parameters = parameters.withObjective(args[++i].replace(',', ' '));
                case "--rounds" -> {
                    String[] roundsAndRate = args[++i].split(",");
                    parameters = parameters.withRounds(Integer.parseInt(roundsAndRate[0]), Double.parseDouble(roundsAndRate[1]));
                }
                case "--threads" -> parameters = parameters.withThreads(Integer.parseInt(args[++i]));
                case "--without" -> {
                    for (String name : args[++i].split(",")) {
                        unused.add(Feature.valueOf(name));
                    }
                }
                default -> {
                    System.err.println("usage: train-model --quick [--seed N] [--min-data-in-leaf N] [--objective NAME[,PARAM=V]] [--rounds N,RATE] [--threads N] [--without FEATURE,...]");
                    return 2;
                }
            }
        }
        long started = System.nanoTime();
        var profiler = NameProfiler.standalone();
        var split = TrainingData.split(SalesCsv.bundled(), profiler, seed);
        List<Example> rows = split.training();
        double[] estimates = new ModelTrainer(parameters, profiler).priceOutOfFold(rows, unused);
        System.err.printf("quick: %d rounds, %s, without %s%n", parameters.rounds(), parameters.lightGbm(), unused);
        for (Market market : Market.values()) {
            report(market.wireName() + ", trees alone", rows, estimates, e -> e.market() == market);
        }
        estimates = calibrated(rows, estimates);
        for (Market market : Market.values()) {
            report(market.wireName(), rows, estimates, e -> e.market() == market);
        }
        Predicate<Example> compoundCom = e -> e.market() == Market.RETAIL && e.profile().name().tld().equals("com")
                && e.profile().segments().size() == 2 && e.profile().knownLetters() == 1;
        report("retail two-word .com", rows, estimates, compoundCom);
        report("retail two-word .com sold for $100k+", rows, estimates, compoundCom.and(e -> e.logPrice() >= Math.log(100_000)));
        report("retail sold for $1M+", rows, estimates, e -> e.market() == Market.RETAIL && e.logPrice() >= Math.log(1_000_000));
        report("retail .com of 2-5 characters", rows, estimates, e -> e.market() == Market.RETAIL
                && e.profile().name().tld().equals("com") && e.profile().name().label().length() <= 5);
        System.err.printf("quick run took %.0f s%n", (System.nanoTime() - started) / 1e9);
        return 0;
    }

    /**
     * The estimates moved by a price calibration as the model applies it, each fold's fitted on the
     * other folds' randomly drawn sales, so that no sale calibrates its own estimate.
     */
    private static double[] calibrated(List<Example> rows, double[] estimates) {
        double[] out = new double[estimates.length];
        for (int fold = 0; fold < ModelTrainer.FOLDS; fold++) {
            List<double[][]> pairs = new ArrayList<>();
            for (Market market : Market.values()) {
                List<double[]> marketPairs = new ArrayList<>();
                for (int i = 0; i < rows.size(); i++) {
                    Example e = rows.get(i);
                    if (e.fold() != fold && e.market() == market && !e.priceSelected()) {
                        marketPairs.add(new double[]{e.logPrice(), estimates[i]});
                    }
                }
                pairs.add(marketPairs.toArray(double[][]::new));
            }
            PriceCalibration calibration = PriceCalibration.fit(pairs);
            for (int i = 0; i < rows.size(); i++) {
                if (rows.get(i).fold() == fold) {
                    out[i] = calibration.apply(rows.get(i).market(), estimates[i]);
                }
            }
        }
        return out;
    }

    /** Accuracy of the estimates of the randomly drawn sales matching {@code which}, and the median ratio to the price. */
    private static void report(String group, List<Example> rows, double[] estimates, Predicate<Example> which) {
        List<Double> actual = new ArrayList<>();
        List<Double> predicted = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Example e = rows.get(i);
            if (!e.priceSelected() && which.test(e)) {
                actual.add(e.logPrice());
                predicted.add(estimates[i]);
            }
        }
        if (actual.size() < 2) {
            System.err.printf("%s: %d sales%n", group, actual.size());
            return;
        }
        double[] a = actual.stream().mapToDouble(Double::doubleValue).toArray();
        double[] p = predicted.stream().mapToDouble(Double::doubleValue).toArray();
        double[] ratio = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            ratio[i] = p[i] - a[i];
        }
        double valuedHigh = java.util.Arrays.stream(p).filter(v -> v >= Math.log(250_000)).count() / (double) p.length;
        System.err.printf("%s: n %d, mean abs ln error %.3f, Spearman %.3f, median estimate $%,.0f, median price $%,.0f, median estimate/price %.2f, estimated at $250k+ %.1f%%%n",
                group, a.length, Metrics.of(a, p, null, null).meanAbsLogError(), Metrics.spearman(a, p),
                Math.exp(TrainModelCommand.median(p)), Math.exp(TrainModelCommand.median(a)), Math.exp(TrainModelCommand.median(ratio)), 100 * valuedHigh);
    }
}
