package domainintel.valuation;

import domainintel.sales.Market;

import java.util.HashMap;
import java.util.Map;

/**
 * A name's own recorded sales, the strongest evidence of what it is worth: the model's estimate of
 * a name that sold is moved towards what it sold for. The move is the mean amount by which its
 * sales beat the model in their own market, shrunk by {@code prior}: with n sales the estimate
 * moves n / (n + prior) of the way. {@code prior} is the ratio of two variances measured in
 * training: how far apart two sales of one name fall (per sale), and how far the model's
 * out-of-fold estimates fall from sales. The same move applies to both markets (a name that sold
 * high at retail is a better name at auction too), and a name that sold has found a buyer, so its
 * marketability moves towards 1 by the same share.
 */
public final class RecordedSales {
    /** Per name: sum of ln price and number of distinct sales, per market ({@link Market} order). */
    final Map<String, double[]> byName;
    final double prior;

    RecordedSales(Map<String, double[]> byName, double prior) {
        this.byName = byName;
        this.prior = prior;
    }

    /** Adds one sale; a sale reported twice (the same name, market and price) counts once. */
    public static final class Builder {
        private final Map<String, double[]> byName = new HashMap<>();
        private final java.util.Set<String> seen = new java.util.HashSet<>();

        public Builder add(String name, Market market, double logPrice) {
            if (seen.add(name + ' ' + market + ' ' + logPrice)) {
                double[] sums = byName.computeIfAbsent(name, n -> new double[2 * Market.values().length]);
                sums[2 * market.ordinal()] += logPrice;
                sums[2 * market.ordinal() + 1]++;
            }
            return this;
        }

        public RecordedSales build(double prior) {
            return new RecordedSales(byName, prior);
        }
    }

    public static RecordedSales none() {
        return new RecordedSales(Map.of(), 1);
    }

    /** How the name's own sales move it. {@code weight} is 0 for a name with none. */
    public record Adjustment(double logShift, double weight) {
        static final Adjustment NONE = new Adjustment(0, 0);
    }

    /** @param logEstimates the model's estimates, ln dollars, in {@link Market} order */
    public Adjustment adjust(String name, double[] logEstimates) {
        double[] sums = byName.get(name);
        if (sums == null) {
            return Adjustment.NONE;
        }
        double beat = 0;
        double n = 0;
        for (Market market : Market.values()) {
            double count = sums[2 * market.ordinal() + 1];
            beat += sums[2 * market.ordinal()] - count * logEstimates[market.ordinal()];
            n += count;
        }
        return new Adjustment(beat / (n + prior), n / (n + prior));
    }

    public int size() {
        return byName.size();
    }

    public double prior() {
        return prior;
    }
}
