package domainintel.valuation.training;

import domainintel.sales.Market;
import domainintel.valuation.MarketabilityGate;

import java.util.List;
import java.util.Map;

/**
 * Fits the {@link MarketabilityGate} on out-of-fold estimates: sold names (their price, price-if-sold
 * estimate and marketability, per market) and background names (names that exist and do not sell,
 * whose right value is the floor). The gate chosen is the one with the least error on the sold names
 * (mean absolute ln error, averaged over the markets) among those that value the background near the
 * floor: retail median at most {@link #BACKGROUND_RETAIL_MEDIAN}, 95th percentile at most
 * {@link #BACKGROUND_RETAIL_P95}, wholesale median at most {@link #BACKGROUND_WHOLESALE_MEDIAN}
 * (the bounds for names with no market). Without such a gate, the identity.
 */
final class GateFit {
    static final double BACKGROUND_RETAIL_MEDIAN = 150;
    static final double BACKGROUND_RETAIL_P95 = 500;
    static final double BACKGROUND_WHOLESALE_MEDIAN = 25;

    /** One out-of-fold sold sale: ln price, ln price-if-sold estimate, marketability. */
    record Sold(double logPrice, double logIfSold, double p) {
    }

    /** One out-of-fold background name: ln price-if-sold estimates per market and marketability. */
    record Unsold(double logRetail, double logWholesale, double p) {
    }

    private GateFit() {
    }

    static MarketabilityGate fit(Map<Market, List<Sold>> sold, List<Unsold> background) {
        MarketabilityGate best = MarketabilityGate.IDENTITY;
        double bestLoss = Double.POSITIVE_INFINITY;
        for (double slope = 1; slope <= 6.001; slope += 0.25) {
            for (double shift = -4; shift <= 12.001; shift += 0.25) {
                var gate = new MarketabilityGate(slope, shift);
                if (!valuesBackgroundNearFloor(gate, background)) {
                    continue;
                }
                double loss = soldLoss(gate, sold);
                if (loss < bestLoss) {
                    bestLoss = loss;
                    best = gate;
                }
            }
        }
        return best;
    }

    static double soldLoss(MarketabilityGate gate, Map<Market, List<Sold>> sold) {
        return sold.values().stream().mapToDouble(rows -> rows.stream()
                .mapToDouble(s -> Math.abs(s.logPrice() - gate.mix(s.logIfSold(), s.p()))).average().orElse(0)).average().orElse(0);
    }

    static boolean valuesBackgroundNearFloor(MarketabilityGate gate, List<Unsold> background) {
        double[] retail = background.stream().mapToDouble(u -> gate.mix(u.logRetail(), u.p())).sorted().toArray();
        double[] wholesale = background.stream().mapToDouble(u -> gate.mix(u.logWholesale(), u.p())).sorted().toArray();
        return quantile(retail, 0.5) <= Math.log(BACKGROUND_RETAIL_MEDIAN)
                && quantile(retail, 0.95) <= Math.log(BACKGROUND_RETAIL_P95)
                && quantile(wholesale, 0.5) <= Math.log(BACKGROUND_WHOLESALE_MEDIAN);
    }

    private static double quantile(double[] sorted, double q) {
        return domainintel.valuation.ResidualRanges.quantile(sorted, q);
    }
}
