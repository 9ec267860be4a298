package domainintel.valuation;

import domainintel.sales.Market;

import java.util.List;

/**
 * The trained valuation model: the trees, the feature encoder they were trained with, and for each
 * market the residual quantiles that turn a point estimate into a calibrated {@link #COVERAGE} range.
 *
 * @param version      identifies the artifact (a hash of its content), reported with every valuation
 * @param intervals    per market (by ordinal), the 10th and 90th percentile of out-of-fold log residuals
 */
public record ValuationModel(String version, TreeEnsemble trees, FeatureEncoder encoder, double[][] intervals) {
    public static final double COVERAGE = 0.8;

    public ValuationModel {
        List<String> expected = java.util.Arrays.stream(Feature.values()).map(Enum::name).toList();
        if (!trees.featureNames().equals(expected)) {
            throw new IllegalArgumentException("model was trained on features " + trees.featureNames() + ", code has " + expected);
        }
    }

    /** A value in one market, in natural-log dollars, with the per-feature contributions behind it. */
    public record Estimate(double logValue, double logLow, double logHigh, double[] contributions) {
    }

    public Estimate estimate(NameProfile profile, Market market) {
        double[] row = encoder.encode(profile, market);
        double[] contributions = trees.contributions(row);
        double logValue = 0;
        for (double c : contributions) {
            logValue += c;
        }
        double[] interval = intervals[market.ordinal()];
        return new Estimate(logValue, logValue + interval[0], logValue + interval[1], contributions);
    }

    /** The estimate and range without attributions, which cost a second pass over the trees. */
    public Estimate estimateWithoutContributions(NameProfile profile, Market market) {
        double logValue = predictLog(profile, market);
        double[] interval = intervals[market.ordinal()];
        return new Estimate(logValue, logValue + interval[0], logValue + interval[1], new double[0]);
    }

    /** The point estimate only, without attributions (training and evaluation). */
    public double predictLog(NameProfile profile, Market market) {
        return trees.predict(encoder.encode(profile, market));
    }
}
