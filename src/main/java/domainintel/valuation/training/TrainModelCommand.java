package domainintel.valuation.training;

import domainintel.sales.Market;
import domainintel.sales.SalesCsv;
import domainintel.valuation.ModelArtifact;
import domainintel.valuation.NameProfiler;
import domainintel.valuation.ResidualRanges;
import domainintel.valuation.ValuationModel;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * {@code train-model [--seed N] [--model FILE] [--report FILE]}: trains the valuation model on the
 * bundled sales, measures it on names it never saw, writes the artifact the service loads and the
 * report. The shipped model is then refitted on every name (held-out ones included) with the same
 * settings; the report describes the held-out run.
 */
public final class TrainModelCommand {
    static final Path DEFAULT_MODEL = Path.of("src/main/resources/model/valuation-model.txt.gz");
    static final Path DEFAULT_REPORT = Path.of("docs/model-report.md");

    private TrainModelCommand() {
    }

    public static int run(String[] args) throws IOException {
        int seed = 42;
        Path model = DEFAULT_MODEL;
        Path report = DEFAULT_REPORT;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--seed" -> seed = Integer.parseInt(args[++i]);
                case "--model" -> model = Path.of(args[++i]);
                case "--report" -> report = Path.of(args[++i]);
                default -> {
                    System.err.println("usage: train-model [--seed N] [--model FILE] [--report FILE]");
                    return 2;
                }
            }
        }
        long started = System.nanoTime();
        var profiler = NameProfiler.standalone();
        var sales = SalesCsv.bundled();
        var split = TrainingData.split(sales, profiler, seed);
        System.err.printf("training on %,d sales (%,d of them price-selected, weighted), holding out %,d (%,d invalid rows left out)%n",
                split.training().size(), split.selectedInTraining(), split.holdout().size(), split.skippedInvalid());
        var trainer = new ModelTrainer(TrainingParameters.defaults(seed));

        var calibration = trainer.calibrate(split.training());
        var evaluated = trainer.fit(split.training(), calibration.ranges()).model();
        var results = evaluate(evaluated, split);
        calibration.outOfFold().forEach((market, m) -> System.err.printf("%s out-of-fold: %s%n", market.wireName(), m));
        results.forEach((market, r) -> System.err.printf("%s held out: model %s | market median %s | TLD median %s%n",
                market.wireName(), r.model(), r.marketMedian(), r.tldMedian()));

        System.err.println("refitting on all names for the shipped model");
        var everything = TrainingData.all(sales, profiler, seed);
        var shipped = trainer.fit(everything, trainer.calibrate(everything).ranges());
        Files.createDirectories(model.toAbsolutePath().getParent());
        Files.write(model, shipped.artifact());
        double seconds = (System.nanoTime() - started) / 1e9;
        double loadMillis = Double.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long t = System.nanoTime();
            ModelArtifact.read(new ByteArrayInputStream(shipped.artifact()));
            loadMillis = Math.min(loadMillis, (System.nanoTime() - t) / 1e6);
        }
        Files.writeString(report, ModelReport.markdown(split, seed, TrainingParameters.defaults(seed), calibration,
                results, evaluated, shipped.model(), seconds, shipped.artifact().length, loadMillis));
        System.err.printf("wrote %s (%s, %,d bytes) and %s in %.1f s%n", model, shipped.model().version(),
                shipped.artifact().length, report, seconds);
        return 0;
    }

    /** Held-out accuracy of the model and both baselines, per market, and of the model per source. */
    record MarketResults(Metrics model, Metrics marketMedian, Metrics tldMedian, Map<String, Metrics> modelBySource) {
    }

    static Map<Market, MarketResults> evaluate(ValuationModel model, TrainingData.Split split) {
        Map<Market, MarketResults> results = new EnumMap<>(Market.class);
        for (Market market : Market.values()) {
            // Baselines are what a random sample says: price-selected sales would inflate their medians.
            List<Example> training = split.training().stream().filter(e -> e.market() == market && !e.priceSelected()).toList();
            List<Example> holdout = split.holdout().stream().filter(e -> e.market() == market).toList();
            if (training.isEmpty() || holdout.isEmpty()) {
                continue;
            }
            double marketMedian = median(training.stream().mapToDouble(Example::logPrice).toArray());
            Map<String, List<Double>> byTld = new HashMap<>();
            training.forEach(e -> byTld.computeIfAbsent(e.profile().name().tld(), t -> new ArrayList<>()).add(e.logPrice()));
            int n = holdout.size();
            double[] actual = new double[n];
            double[] predicted = new double[n];
            double[] low = new double[n];
            double[] high = new double[n];
            double[] flat = new double[n];
            double[] perTld = new double[n];
            for (int i = 0; i < n; i++) {
                Example e = holdout.get(i);
                var estimate = model.estimate(e.profile(), market);
                actual[i] = e.logPrice();
                predicted[i] = estimate.logValue();
                low[i] = estimate.logLow();
                high[i] = estimate.logHigh();
                flat[i] = marketMedian;
                List<Double> tldPrices = byTld.get(e.profile().name().tld());
                perTld[i] = tldPrices != null && tldPrices.size() >= 10
                        ? median(tldPrices.stream().mapToDouble(Double::doubleValue).toArray()) : marketMedian;
            }
            Map<String, Metrics> bySource = new TreeMap<>();
            IntStream.range(0, n).boxed().collect(Collectors.groupingBy(i -> holdout.get(i).source())).forEach((source, rows) -> {
                int[] at = rows.stream().mapToInt(Integer::intValue).toArray();
                bySource.put(source, Metrics.of(pick(actual, at), pick(predicted, at), pick(low, at), pick(high, at)));
            });
            results.put(market, new MarketResults(Metrics.of(actual, predicted, low, high),
                    Metrics.of(actual, flat, null, null), Metrics.of(actual, perTld, null, null), bySource));
        }
        return results;
    }

    private static double[] pick(double[] values, int[] at) {
        return java.util.Arrays.stream(at).mapToDouble(i -> values[i]).toArray();
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        return ResidualRanges.quantile(sorted, 0.5);
    }
}
