package domainintel.valuation.training;

import com.microsoft.ml.lightgbm.PredictionType;
import domainintel.names.DomainNames;
import domainintel.sales.Market;
import domainintel.valuation.Feature;
import domainintel.valuation.FeatureEncoder;
import domainintel.valuation.MarketabilityGate;
import domainintel.valuation.ModelArtifact;
import domainintel.valuation.NameProfile;
import domainintel.valuation.NameProfiler;
import domainintel.valuation.PriceCalibration;
import domainintel.valuation.PriceEvidence;
import domainintel.valuation.RecordedSales;
import domainintel.valuation.ResidualRanges;
import domainintel.valuation.ShortClassShifts;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Fits the valuation model: gradient-boosted trees (LightGBM) on log price with the market as an
 * input, and a gradient-boosted classifier of sold names against names that exist and do not sell
 * (see {@link BackgroundNames}). Price evidence (what past sales say about a name's words, TLD and label) is computed
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
    /** Profiles the labels of a scarce class nobody bought, which no sale brings (see {@link #scarceClassShifts}). */
    private final NameProfiler profiler;

    static {
        loadLightGbmPrivately();
    }

    ModelTrainer(TrainingParameters parameters, NameProfiler profiler) {
        this.parameters = parameters;
        this.profiler = profiler;
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

    /** A background name prepared for training: its profile, its family and its name-level fold. */
    record Unsold(NameProfile profile, BackgroundNames.Family family, int fold) {
        Unsold withFold(int newFold) {
            return new Unsold(profile, family, newFold);
        }
    }

    /** The per-fold encoders (each with evidence from the other folds only) and the one over all rows. */
    private record Encoders(FeatureEncoder[] byFold, FeatureEncoder all) {
    }

    private Encoders encoders(List<Example> rows) {
        double[] means = marketMeans(rows);
        List<String> tlds = vocabulary(rows, e -> e.profile().name().tld());
        List<String> shapes = vocabulary(rows, e -> e.profile().shape());
        var byFold = new FeatureEncoder[FOLDS];
        for (int fold = 0; fold < FOLDS; fold++) {
            var builder = new PriceEvidence.Builder(means);
            for (Example e : rows) {
                if (e.fold() != fold) {
                    builder.add(e.profile(), e.market(), e.logPrice(), e.weight());
                }
            }
            byFold[fold] = new FeatureEncoder(tlds, shapes, builder.build());
        }
        var all = new PriceEvidence.Builder(means);
        rows.forEach(e -> all.add(e.profile(), e.market(), e.logPrice(), e.weight()));
        return new Encoders(byFold, new FeatureEncoder(tlds, shapes, all.build()));
    }

    /**
     * Fits the price-if-sold trees on {@code rows} and the marketability classifier on their names
     * against {@code background}; the model's price calibration, ranges and gate come from {@link #calibrate}
     * and its recorded sales are the rows', shrunk by {@code recordedPrior}. With {@code scarceShifts} (not in
     * a calibration's folds) the scarce short classes are moved by what the fitted model leaves of their sales.
     */
    Fitted fit(List<Example> rows, List<Unsold> background, PriceCalibration price, boolean scarceShifts, ResidualRanges ranges,
               MarketabilityGate gate, double recordedPrior) {
        Encoders encoders = encoders(rows);
        int columns = Feature.values().length;
        double[] matrix = new double[rows.size() * columns];
        float[] labels = new float[rows.size()];
        float[] weights = new float[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            Example e = rows.get(i);
            System.arraycopy(encoders.byFold()[e.fold()].encode(e.profile(), e.market()), 0, matrix, i * columns, columns);
            labels[i] = (float) e.logPrice();
            weights[i] = (float) e.weight();
        }
        String treeText = trainTrees(matrix, labels, weights, rows.size(), columns, parameters.lightGbm(), parameters.rounds());
        Classifier marketability = marketability(rows, background, encoders);
        var recordedBuilder = new RecordedSales.Builder();
        rows.forEach(e -> recordedBuilder.add(e.profile().name().name(), e.market(), e.logPrice()));
        RecordedSales recorded = recordedBuilder.build(recordedPrior);
        byte[] artifact = ModelArtifact.write(treeText, marketability.treeText(), encoders.all(), price, ShortClassShifts.none(), ranges, gate, recorded);
        ValuationModel model = read(artifact);
        checkEvaluator(model.trees(), treeText, matrix, rows.size(), columns, PredictionType.C_API_PREDICT_NORMAL);
        checkEvaluator(model.marketability(), marketability.treeText(), marketability.matrix(), marketability.rows(), columns,
                PredictionType.C_API_PREDICT_RAW_SCORE);
        if (scarceShifts) {
            artifact = ModelArtifact.write(treeText, marketability.treeText(), encoders.all(), price, scarceClassShifts(rows, model), ranges, gate,
                    recorded);
            model = read(artifact);
        }
        return new Fitted(model, artifact);
    }

    /** Read back: what is evaluated is exactly what will be served. */
    private static ValuationModel read(byte[] artifact) {
        try {
            return ModelArtifact.read(new ByteArrayInputStream(artifact));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Fitted on what the model, as it will be served, leaves of its own training sales (weighted as in the
     * fit): the mean residual of each market, and the residuals of the scarce short labels by class.
     * Out-of-fold residuals were tried first and overshot: a served estimate stands on every sale of the
     * class, the out-of-fold one of each sale on the others only, so the out-of-fold residual of a class of
     * a few sales is in part what the served trees already learnt from them (1m.com, sold at auction for
     * $140,000, came out of fold at $1,700, where unsold names of its class were served at $3,000 to $11,000,
     * and the shift learnt from it put them at up to $370,000, above every sale of the class).
     */
    private ShortClassShifts scarceClassShifts(List<Example> rows, ValuationModel model) {
        double[] sums = new double[Market.values().length];
        double[] weights = new double[Market.values().length];
        List<ShortClassShifts.Residual> residuals = new ArrayList<>();
        for (Example e : rows) {
            double residual = e.logPrice() - model.treesIfSold(e.profile(), e.market());
            sums[e.market().ordinal()] += e.weight() * residual;
            weights[e.market().ordinal()] += e.weight();
            String label = e.profile().name().label();
            if (ShortClassShifts.scarce(label)) {
                residuals.add(new ShortClassShifts.Residual(PriceEvidence.shortClassKey(label, e.profile().name().tld()), e.market(), residual,
                        e.weight()));
            }
        }
        double[] means = new double[sums.length];
        for (int m = 0; m < means.length; m++) {
            means[m] = weights[m] == 0 ? 0 : sums[m] / weights[m];
        }
        // Every label of a scarce class a class nobody bought is measured against, profiled once for both markets;
        // some are no name one can register (co.ag is a suffix of its own).
        Map<String, java.util.Optional<NameProfile>> profiles = new HashMap<>();
        return ShortClassShifts.fit(residuals, means, parameters.minDataInLeaf(), (name, market) -> profiles
                .computeIfAbsent(name, n -> DomainNames.tryParse(n).map(profiler::profile))
                .map(profile -> model.treesIfSold(profile, market)).orElse(Double.NaN));
    }

    private record Classifier(String treeText, double[] matrix, int rows) {
    }

    /**
     * The marketability classifier alone, on {@code rows}' names against {@code background}, for
     * measuring it with generator families held out.
     */
    TreeEnsemble fitMarketability(List<Example> rows, List<Unsold> background) {
        return TreeEnsemble.parse(marketability(rows, background, encoders(rows)).treeText());
    }

    /**
     * Sold names (each once, whatever its number of sales) against the background, weighted so that
     * both sides weigh the same: the classifier's odds are then the ratio of how typical a name is
     * of sold names to how typical it is of names nobody buys. Every row is encoded with its fold's
     * encoder, so a sold name's own sales never inform its features.
     */
    private Classifier marketability(List<Example> rows, List<Unsold> background, Encoders encoders) {
        List<Example> names = new ArrayList<>(rows.stream()
                .collect(Collectors.toMap(e -> e.profile().name().name(), e -> e, (a, b) -> a, java.util.LinkedHashMap::new)).values());
        int columns = Feature.values().length;
        int n = names.size() + background.size();
        double[] matrix = new double[n * columns];
        float[] labels = new float[n];
        float[] weights = new float[n];
        float backgroundWeight = (float) names.size() / Math.max(1, background.size());
        for (int i = 0; i < names.size(); i++) {
            Example e = names.get(i);
            System.arraycopy(encoders.byFold()[e.fold()].encode(e.profile(), Market.RETAIL), 0, matrix, i * columns, columns);
            labels[i] = 1;
            weights[i] = 1;
        }
        for (int j = 0; j < background.size(); j++) {
            Unsold u = background.get(j);
            int i = names.size() + j;
            System.arraycopy(encoders.byFold()[u.fold()].encode(u.profile(), Market.RETAIL), 0, matrix, i * columns, columns);
            weights[i] = backgroundWeight;
        }
        return new Classifier(trainTrees(matrix, labels, weights, n, columns, parameters.marketabilityLightGbm(),
                parameters.marketabilityRounds()), matrix, n);
    }

    /**
     * Out-of-fold price-if-sold estimates (ln dollars) of {@code rows} in their own market: for each
     * fold, price trees alone fitted on the other folds (their evidence re-folded, as in
     * {@link #calibrate}), with the columns in {@code unused} blanked. For comparing features and
     * tree settings in minutes (train-model --quick) rather than a full run's hour.
     */
    double[] priceOutOfFold(List<Example> rows, java.util.Set<Feature> unused) {
        int columns = Feature.values().length;
        double[] estimates = new double[rows.size()];
        for (int fold = 0; fold < FOLDS; fold++) {
            int held = fold;
            List<Example> training = rows.stream().filter(e -> e.fold() != held).map(this::refold).toList();
            Encoders encoders = encoders(training);
            double[] matrix = new double[training.size() * columns];
            float[] labels = new float[training.size()];
            float[] weights = new float[training.size()];
            for (int i = 0; i < training.size(); i++) {
                Example e = training.get(i);
                System.arraycopy(blank(encoders.byFold()[e.fold()].encode(e.profile(), e.market()), unused), 0, matrix, i * columns, columns);
                labels[i] = (float) e.logPrice();
                weights[i] = (float) e.weight();
            }
            TreeEnsemble trees = TreeEnsemble.parse(trainTrees(matrix, labels, weights, training.size(), columns,
                    parameters.lightGbm(), parameters.rounds()));
            for (int i = 0; i < rows.size(); i++) {
                Example e = rows.get(i);
                if (e.fold() == held) {
                    estimates[i] = trees.predict(blank(encoders.all().encode(e.profile(), e.market()), unused));
                }
            }
            System.err.printf("price fold %d of %d fitted%n", fold + 1, FOLDS);
        }
        return estimates;
    }

    private static double[] blank(double[] row, java.util.Set<Feature> unused) {
        unused.forEach(f -> row[f.ordinal()] = 0);
        return row;
    }

    /** The pure-Java evaluator must agree with LightGBM itself on every training row. */
    private static void checkEvaluator(TreeEnsemble trees, String treeText, double[] matrix, int rows, int columns, PredictionType type) {
        double[] expected = nativePredictions(treeText, matrix, rows, columns, type);
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
     * Out-of-fold estimates of models fitted on {@code rows} (and the background of the other
     * folds): their accuracy, the marketability gate (see {@link GateFit}), the ranges (per market
     * and band of the price-if-sold estimate, see {@link ResidualRanges}) that hold 80% of the sales
     * once mixed through the gate, the prior of the recorded-sales shrinkage, and how well the
     * marketability tells the fold's sold names from its background. Only sales drawn at random
     * count: ranges calibrated on price-selected sales would be off.
     */
    record Calibration(PriceCalibration price, ResidualRanges ranges, MarketabilityGate gate, MarketabilityGate tailGate, Map<Market, Metrics> outOfFold,
                       Map<Market, Metrics> outOfFoldTailGated,
                       Map<Market, Metrics> outOfFoldUngated, Map<Market, Metrics> outOfFoldIfSold,
                       double recordedPrior, double marketabilityAuc, OutOfFold estimates) {
    }

    /** The out-of-fold estimates a calibration is made of: sold sales per market, background names. */
    record OutOfFold(Map<Market, List<GateFit.Sold>> sold, Map<Market, List<Example>> soldExamples,
                     List<GateFit.Unsold> background, List<NameProfile> backgroundNames) {
    }

    Calibration calibrate(List<Example> rows, List<Unsold> background) {
        Map<Market, List<GateFit.Sold>> sold = new EnumMap<>(Market.class);
        Map<Market, List<Example>> soldExamples = new EnumMap<>(Market.class);
        List<GateFit.Unsold> unsoldEstimates = new ArrayList<>();
        List<NameProfile> unsoldNames = new ArrayList<>();
        List<Double> soldScores = new ArrayList<>();
        for (int fold = 0; fold < FOLDS; fold++) {
            int held = fold;
            // Re-fold the remaining rows so that their own evidence stays out-of-fold.
            List<Example> training = rows.stream().filter(e -> e.fold() != held).map(this::refold).toList();
            List<Unsold> unsold = background.stream().filter(u -> u.fold() != held)
                    .map(u -> u.withFold(TrainingData.fold(u.profile().name().name(), parameters.seed() + 1))).toList();
            ValuationModel model = fit(training, unsold, PriceCalibration.none(), false, ResidualRanges.none(), MarketabilityGate.IDENTITY, 1).model();
            System.err.printf("calibration fold %d of %d fitted%n", fold + 1, FOLDS);
            java.util.Set<String> scored = new java.util.HashSet<>();
            for (Example e : rows) {
                if (e.fold() == held) {
                    var appraisal = model.appraise(e.profile(), false);
                    if (scored.add(e.profile().name().name())) {
                        soldScores.add(appraisal.marketability());
                    }
                    if (!e.priceSelected()) {
                        sold.computeIfAbsent(e.market(), m -> new ArrayList<>())
                                .add(new GateFit.Sold(e.logPrice(), appraisal.in(e.market()).logIfSold(), appraisal.marketability(),
                                        MarketabilityGate.coined(e.profile())));
                        soldExamples.computeIfAbsent(e.market(), m -> new ArrayList<>()).add(e);
                    }
                }
            }
            background.stream().filter(u -> u.fold() == held).forEach(u -> {
                var appraisal = model.appraise(u.profile(), false);
                unsoldNames.add(u.profile());
                unsoldEstimates.add(new GateFit.Unsold(u.family(), appraisal.retail().logIfSold(), appraisal.wholesale().logIfSold(),
                        appraisal.marketability(), MarketabilityGate.coined(u.profile()), u.profile().name().label().length(),
                        u.profile().name().tld().equals("com")));
            });
        }
        // The price trees' estimates moved to the median of what sold alike; the gate and ranges are then
        // fitted on the calibrated estimates, as the model will serve them.
        PriceCalibration price = PriceCalibration.fit(Arrays.stream(Market.values()).map(m -> sold.getOrDefault(m, List.of()).stream()
                .map(s -> new double[]{s.logPrice(), s.logIfSold()}).toArray(double[][]::new)).toList());
        sold.replaceAll((m, list) -> list.stream().map(s -> new GateFit.Sold(s.logPrice(), price.apply(m, s.logIfSold()), s.p(), s.coined())).toList());
        unsoldEstimates.replaceAll(u -> new GateFit.Unsold(u.family(), price.apply(Market.RETAIL, u.logRetail()),
                price.apply(Market.WHOLESALE, u.logWholesale()), u.p(), u.coined(), u.length(), u.dotCom()));
        MarketabilityGate gate = GateFit.fitWithCeiling(sold, unsoldEstimates);
        // For the report: what holding the random strings' retail tail to the bound with the gate alone would cost the sold names.
        MarketabilityGate tailGate = GateFit.fit(sold, unsoldEstimates, true);
        Map<Market, Metrics> tailGated = new EnumMap<>(Market.class);
        List<double[][]> byMarket = new ArrayList<>();
        Map<Market, Metrics> outOfFold = new EnumMap<>(Market.class);
        Map<Market, Metrics> ungated = new EnumMap<>(Market.class);
        Map<Market, Metrics> outOfFoldIfSold = new EnumMap<>(Market.class);
        double squaredError = 0;
        int errors = 0;
        for (Market market : Market.values()) {
            List<GateFit.Sold> marketSold = sold.getOrDefault(market, List.of());
            // Calibrated on the price-if-sold each sale corresponds to through the gate, less what a
            // ceiling took off its value (the ceiling moves the range with the value).
            byMarket.add(marketSold.stream().map(s -> new double[]{
                    gate.unmix(s.logPrice() - (GateFit.value(gate, market, s) - gate.mix(s.logIfSold(), s.p())), s.p()), s.logIfSold()})
                    .toArray(double[][]::new));
            if (marketSold.size() > 1) {
                double[] actual = marketSold.stream().mapToDouble(GateFit.Sold::logPrice).toArray();
                double[] value = marketSold.stream().mapToDouble(s -> GateFit.value(gate, market, s)).toArray();
                outOfFold.put(market, Metrics.of(actual, value, null, null));
                tailGated.put(market, Metrics.of(actual, marketSold.stream().mapToDouble(s -> tailGate.mix(s.logIfSold(), s.p())).toArray(), null, null));
                ungated.put(market, Metrics.of(actual, marketSold.stream()
                        .mapToDouble(s -> MarketabilityGate.IDENTITY.mix(s.logIfSold(), s.p())).toArray(), null, null));
                outOfFoldIfSold.put(market, Metrics.of(actual, marketSold.stream().mapToDouble(GateFit.Sold::logIfSold).toArray(), null, null));
                for (int i = 0; i < actual.length; i++) {
                    squaredError += (actual[i] - value[i]) * (actual[i] - value[i]);
                    errors++;
                }
            }
        }
        double recordedPrior = repeatVariance(rows) / (squaredError / Math.max(1, errors));
        double auc = CheckFigures.auc(soldScores.stream().mapToDouble(Double::doubleValue).toArray(),
                unsoldEstimates.stream().mapToDouble(GateFit.Unsold::p).toArray());
        return new Calibration(price, ResidualRanges.calibrate(byMarket, RANGE_BANDS, ValuationModel.COVERAGE), gate, tailGate, outOfFold, tailGated, ungated,
                outOfFoldIfSold, recordedPrior, auc, new OutOfFold(sold, soldExamples, unsoldEstimates, unsoldNames));
    }

    /**
     * Variance of one sale's ln price around its name's mean, pooled over names that sold more than
     * once in one market at different prices: how closely a name's own sale predicts its next one.
     */
    static double repeatVariance(List<Example> rows) {
        Map<String, java.util.Set<Double>> prices = new java.util.HashMap<>();
        rows.forEach(e -> prices.computeIfAbsent(e.market() + " " + e.profile().name().name(), k -> new java.util.TreeSet<>()).add(e.logPrice()));
        double squares = 0;
        int freedom = 0;
        for (var set : prices.values()) {
            if (set.size() > 1) {
                double mean = set.stream().mapToDouble(Double::doubleValue).average().orElse(0);
                squares += set.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
                freedom += set.size() - 1;
            }
        }
        return freedom == 0 ? 1 : squares / freedom;
    }

    /** Within a fold's training rows, a new name-level split (deterministic: from another hash of the name). */
    private Example refold(Example e) {
        return e.withFold(TrainingData.fold(e.profile().name().name(), parameters.seed() + 1));
    }

    private static String trainTrees(double[] matrix, float[] labels, float[] weights, int rows, int columns, String parameters, int rounds) {
        String categorical = IntStream.range(0, columns).filter(i -> Feature.values()[i].categorical())
                .mapToObj(Integer::toString).collect(Collectors.joining(","));
        String datasetParams = "categorical_feature=" + categorical + " max_bin=255 min_data_in_bin=5 verbosity=-1";
        try (LGBMDataset dataset = LGBMDataset.createFromMat(matrix, rows, columns, true, datasetParams, null)) {
            dataset.setField("label", labels);
            dataset.setField("weight", weights);
            dataset.setFeatureNames(Arrays.stream(Feature.values()).map(Enum::name).toArray(String[]::new));
            try (LGBMBooster booster = LGBMBooster.create(dataset, parameters)) {
                for (int i = 0; i < rounds; i++) {
                    booster.updateOneIter();
                }
                return booster.saveModelToString(0, 0, LGBMBooster.FeatureImportanceType.GAIN);
            }
        } catch (LGBMException e) {
            throw new IllegalStateException("LightGBM failed: " + e.getMessage(), e);
        }
    }

    private static double[] nativePredictions(String treeText, double[] matrix, int rows, int columns, PredictionType type) {
        try (LGBMBooster booster = LGBMBooster.loadModelFromString(treeText)) {
            return booster.predictForMat(matrix, rows, columns, true, type);
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
