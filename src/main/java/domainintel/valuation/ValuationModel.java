package domainintel.valuation;

import domainintel.sales.Market;

import java.util.List;

/**
 * The trained valuation model: the trees, the feature encoder they were trained with, and the
 * residual quantiles that turn a point estimate into a calibrated {@link #COVERAGE} range.
 *
 * @param version identifies the artifact (a hash of its content), reported with every valuation
 */
public record ValuationModel(String version, TreeEnsemble trees, FeatureEncoder encoder, ResidualRanges ranges) {
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
        return withRange(logValue, market, contributions);
    }

    /** The estimate and range without attributions, which cost a second pass over the trees. */
    public Estimate estimateWithoutContributions(NameProfile profile, Market market) {
        return withRange(predictLog(profile, market), market, new double[0]);
    }

    private Estimate withRange(double logValue, Market market, double[] contributions) {
        ResidualRanges.Band band = ranges.bandOf(market, logValue);
        return new Estimate(logValue, logValue + band.low(), logValue + band.high(), contributions);
    }

    /** The point estimate only, without attributions (training and evaluation). */
    public double predictLog(NameProfile profile, Market market) {
        return trees.predict(encoder.encode(profile, market));
    }
}
