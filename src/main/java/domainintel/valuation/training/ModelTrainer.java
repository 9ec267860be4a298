package domainintel.valuation.training;

import com.microsoft.ml.lightgbm.PredictionType;
import domainintel.sales.Market;
import domainintel.valuation.Feature;
import domainintel.valuation.FeatureEncoder;
import domainintel.valuation.ModelArtifact;
import domainintel.valuation.PriceEvidence;
import domainintel.valuation.ResidualRanges;
import domainintel.valuation.TreeEnsemble;
import domainintel.valuation.ValuationModel;
import io.github.metarank.lightgbm4j.LGBMBooster;
import io.github.metarank.lightgbm4j.LGBMDataset;
import io.github.metarank.lightgbm4j.LGBMException;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Fits the valuation model: gradient-boosted trees (LightGBM) on log price with the market as an
 * input. Price evidence (what past sales say about a name's words, TLD and label) is computed
 * out-of-fold for the training rows, so the trees learn how much to trust evidence that never
 * includes the sale being predicted, exactly as it will be for a new name.
 */
final class ModelTrainer {
    static final int FOLDS = 5;
    /** Ranges are calibrated in this many bands of the estimate, each of thousands of out-of-fold sales. */
    private static final int RANGE_BANDS = 5;
    /** A TLD or character shape needs this many training sales for a category of its own. */
    private static final int MIN_VOCABULARY_SALES = 15;

    private final TrainingParameters parameters;

    static {
        loadLightGbmPrivately();
    }

    ModelTrainer(TrainingParameters parameters) {
        this.parameters = parameters;
    }

    /**
     * lightgbm4j copies its native libraries into {@code java.io.tmpdir} under fixed names, rewriting
     * the files in place whenever a JVM loads them. Another JVM on the machine doing so (a second build,
     * a train-model run) rewrites the library this one has mapped, and this one crashes (SIGSEGV, seen
     * at exit). So they are loaded once from a directory of this process's own, and unlinked once loaded.
     */
    private static void loadLightGbmPrivately() {
        String shared = System.getProperty("java.io.tmpdir");
        Path own = null;
        try {
            own = Files.createTempDirectory("lightgbm");
            System.setProperty("java.io.tmpdir", own.toString());
            LGBMBooster.loadNative();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            System.setProperty("java.io.tmpdir", shared);
            if (own != null) {
                try (var files = Files.list(own)) {
                    for (Path file : files.toList()) {
                        Files.delete(file);
                    }
                    Files.delete(own);
                } catch (IOException ignored) {
                    // Only temp files left behind.
                }
            }
        }
    }

    /** A fitted model, read back from the artifact bytes that were written for it. */
    record Fitted(ValuationModel model, byte[] artifact) {
    }

    /** Fits trees on {@code rows}; the model's ranges come from {@code ranges} (see {@link #calibrate}). */
    Fitted fit(List<Example> rows, ResidualRanges ranges) {
        double[] means = marketMeans(rows);
        List<String> tlds = vocabulary(rows, e -> e.profile().name().tld());
        List<String> shapes = vocabulary(rows, e -> e.profile().shape());
        var encoders = new FeatureEncoder[FOLDS];
        for (int fold = 0; fold < FOLDS; fold++) {
            var builder = new PriceEvidence.Builder(means);
            for (Example e : rows) {
                if (e.fold() != fold) {
                    builder.add(e.profile(), e.market(), e.logPrice(), e.weight());
                }
            }
            encoders[fold] = new FeatureEncoder(tlds, shapes, builder.build());
        }
        int columns = Feature.values().length;
        double[] matrix = new double[rows.size() * columns];
        float[] labels = new float[rows.size()];
        float[] weights = new float[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            Example e = rows.get(i);
            System.arraycopy(encoders[e.fold()].encode(e.profile(), e.market()), 0, matrix, i * columns, columns);
            labels[i] = (float) e.logPrice();
            weights[i] = (float) e.weight();
        }
        String treeText = trainTrees(matrix, labels, weights, rows.size(), columns);
        var all = new PriceEvidence.Builder(means);
        rows.forEach(e -> all.add(e.profile(), e.market(), e.logPrice(), e.weight()));
        byte[] artifact = ModelArtifact.write(treeText, new FeatureEncoder(tlds, shapes, all.build()), ranges);
        ValuationModel model;
        try {
            // Read back: what is evaluated is exactly what will be served.
            model = ModelArtifact.read(new ByteArrayInputStream(artifact));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        checkEvaluator(model.trees(), treeText, matrix, rows.size(), columns);
        return new Fitted(model, artifact);
    }

    /** The pure-Java evaluator must agree with LightGBM itself on every training row. */
    private static void checkEvaluator(TreeEnsemble trees, String treeText, double[] matrix, int rows, int columns) {
        double[] expected = nativePredictions(treeText, matrix, rows, columns);
        double worst = 0;
        for (int i = 0; i < rows; i++) {
            double[] row = Arrays.copyOfRange(matrix, i * columns, (i + 1) * columns);
            worst = Math.max(worst, Math.abs(trees.predict(row) - expected[i]));
        }
        if (worst > 1e-9) {
            throw new IllegalStateException("Java tree evaluator differs from LightGBM by " + worst);
        }
    }

    /**
     * Out-of-fold estimates of models fitted on {@code rows}: their accuracy, and the ranges (per
     * market and band of the estimate, see {@link ResidualRanges}) that hold 80% of the sales. Only
     * sales drawn at random count: ranges calibrated on price-selected sales would be off.
     */
    record Calibration(ResidualRanges ranges, Map<Market, Metrics> outOfFold) {
    }

    Calibration calibrate(List<Example> rows) {
        Map<Market, List<double[]>> pairs = new EnumMap<>(Market.class);
        for (int fold = 0; fold < FOLDS; fold++) {
            int held = fold;
            // Re-fold the remaining rows so that their own evidence stays out-of-fold.
            List<Example> training = rows.stream().filter(e -> e.fold() != held).map(this::refold).toList();
            ValuationModel model = fit(training, ResidualRanges.none()).model();
            for (Example e : rows) {
                if (e.fold() == held && !e.priceSelected()) {
                    pairs.computeIfAbsent(e.market(), m -> new ArrayList<>())
                            .add(new double[]{e.logPrice(), model.predictLog(e.profile(), e.market())});
                }
            }
        }
        List<double[][]> byMarket = new ArrayList<>();
        Map<Market, Metrics> outOfFold = new EnumMap<>(Market.class);
        for (Market market : Market.values()) {
            double[][] marketPairs = pairs.getOrDefault(market, List.of()).toArray(new double[0][]);
            byMarket.add(marketPairs);
            if (marketPairs.length > 1) {
                outOfFold.put(market, Metrics.of(Arrays.stream(marketPairs).mapToDouble(p -> p[0]).toArray(),
                        Arrays.stream(marketPairs).mapToDouble(p -> p[1]).toArray(), null, null));
            }
        }
        return new Calibration(ResidualRanges.calibrate(byMarket, RANGE_BANDS, ValuationModel.COVERAGE), outOfFold);
    }

    /** Within a fold's training rows, a new name-level split (deterministic: from another hash of the name). */
    private Example refold(Example e) {
        return e.withFold(TrainingData.fold(e.profile().name().name(), parameters.seed() + 1));
    }

    private String trainTrees(double[] matrix, float[] labels, float[] weights, int rows, int columns) {
        String categorical = IntStream.range(0, columns).filter(i -> Feature.values()[i].categorical())
                .mapToObj(Integer::toString).collect(Collectors.joining(","));
        String datasetParams = "categorical_feature=" + categorical + " max_bin=255 min_data_in_bin=5 verbosity=-1";
        try (LGBMDataset dataset = LGBMDataset.createFromMat(matrix, rows, columns, true, datasetParams, null)) {
            dataset.setField("label", labels);
            dataset.setField("weight", weights);
            dataset.setFeatureNames(Arrays.stream(Feature.values()).map(Enum::name).toArray(String[]::new));
            try (LGBMBooster booster = LGBMBooster.create(dataset, parameters.lightGbm())) {
                for (int i = 0; i < parameters.rounds(); i++) {
                    booster.updateOneIter();
                }
                return booster.saveModelToString(0, 0, LGBMBooster.FeatureImportanceType.GAIN);
            }
        } catch (LGBMException e) {
            throw new IllegalStateException("LightGBM failed: " + e.getMessage(), e);
        }
    }

    private static double[] nativePredictions(String treeText, double[] matrix, int rows, int columns) {
        try (LGBMBooster booster = LGBMBooster.loadModelFromString(treeText)) {
            return booster.predictForMat(matrix, rows, columns, true, PredictionType.C_API_PREDICT_NORMAL);
        } catch (LGBMException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Weighted mean log price per market: with the selection weights, the mean of a random sample. */
    static double[] marketMeans(List<Example> rows) {
        double[] sums = new double[Market.values().length];
        double[] counts = new double[Market.values().length];
        for (Example e : rows) {
            sums[e.market().ordinal()] += e.weight() * e.logPrice();
            counts[e.market().ordinal()] += e.weight();
        }
        double[] means = new double[sums.length];
        for (int i = 0; i < means.length; i++) {
            means[i] = counts[i] == 0 ? 0 : sums[i] / counts[i];
        }
        return means;
    }

    private static List<String> vocabulary(List<Example> rows, java.util.function.Function<Example, String> key) {
        return rows.stream().collect(Collectors.groupingBy(key, Collectors.counting())).entrySet().stream()
                .filter(e -> e.getValue() >= MIN_VOCABULARY_SALES)
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(Map.Entry::getKey).toList();
    }
}
