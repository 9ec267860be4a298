package domainintel.valuation;

import domainintel.sales.Market;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Moves the price trees' estimate to the median of what names estimated alike sold for: per market,
 * a piecewise-linear map of the estimate (ln dollars) through knots fitted on out-of-fold sales.
 *
 * <p>Why: the trees are fitted with a Huber loss, so that a few freak sales do not bend every tree. That
 * loss caps the pull of a large residual, and names estimated at the top were found to sell, out of
 * fold, for 1.5 to 3 times their estimate (those at $150k–$250k for a median $220k, those above $450k for
 * $1.5M), while the many modest names came out 10–15% above their median price. Bands are finer at the top,
 * where the few names that matter most sit. The map never reverses an order: its output rises with the
 * estimate, so a calibration moves values and leaves every ranking as it was.
 */
public final class PriceCalibration {
    /** Band edges, as quantiles of the out-of-fold estimates: finer at the top. */
    static final double[] EDGES = {0, 0.2, 0.4, 0.6, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995, 1};

    /** One knot: an estimate (ln dollars) and the amount added to it there. */
    public record Knot(double estimate, double shift) {
    }

    private final List<List<Knot>> byMarket;

    public PriceCalibration(List<List<Knot>> byMarket) {
        if (byMarket.size() != Market.values().length) {
            throw new IllegalArgumentException("a calibration needs knots for every market");
        }
        this.byMarket = byMarket.stream().map(List::copyOf).toList();
    }

    /** No change: for the folds of a calibration, and for artifacts written before calibrations existed. */
    public static PriceCalibration none() {
        return new PriceCalibration(Arrays.stream(Market.values()).map(m -> List.<Knot>of()).toList());
    }

    /**
     * From out-of-fold (actual, estimate) pairs (ln dollars) of one market each: in each band of the
     * estimate ({@link #EDGES}), a knot at the band's median estimate shifting it by the band's median
     * residual, the knots' outputs then made non-decreasing.
     */
    public static PriceCalibration fit(List<double[][]> pairsByMarket) {
        List<List<Knot>> byMarket = new ArrayList<>();
        for (double[][] pairs : pairsByMarket) {
            double[][] sorted = pairs.clone();
            Arrays.sort(sorted, (a, b) -> Double.compare(a[1], b[1]));
            List<Knot> knots = new ArrayList<>();
            double lastOutput = Double.NEGATIVE_INFINITY;
            for (int b = 1; b < EDGES.length && sorted.length >= EDGES.length; b++) {
                int from = (int) Math.round(EDGES[b - 1] * sorted.length);
                int to = (int) Math.round(EDGES[b] * sorted.length);
                if (to <= from) {
                    continue;
                }
                double[] estimates = Arrays.stream(sorted, from, to).mapToDouble(p -> p[1]).toArray();
                double[] residuals = Arrays.stream(sorted, from, to).mapToDouble(p -> p[0] - p[1]).sorted().toArray();
                double x = ResidualRanges.quantile(estimates, 0.5);
                double output = Math.max(lastOutput, x + ResidualRanges.quantile(residuals, 0.5));
                knots.add(new Knot(x, output - x));
                lastOutput = output;
            }
            byMarket.add(knots);
        }
        return new PriceCalibration(byMarket);
    }

    /** The calibrated estimate: the shift interpolated between knots, held constant beyond the first and last. */
    public double apply(Market market, double logEstimate) {
        List<Knot> knots = byMarket.get(market.ordinal());
        if (knots.isEmpty()) {
            return logEstimate;
        }
        if (logEstimate <= knots.get(0).estimate()) {
            return logEstimate + knots.get(0).shift();
        }
        for (int i = 1; i < knots.size(); i++) {
            Knot a = knots.get(i - 1);
            Knot b = knots.get(i);
            if (logEstimate <= b.estimate()) {
                double t = b.estimate() == a.estimate() ? 1 : (logEstimate - a.estimate()) / (b.estimate() - a.estimate());
                return logEstimate + a.shift() + t * (b.shift() - a.shift());
            }
        }
        return logEstimate + knots.get(knots.size() - 1).shift();
    }

    public List<Knot> knots(Market market) {
        return byMarket.get(market.ordinal());
    }

    /** One market's knots as {@code estimate:shift} words, as the model artifact stores them. */
    String format(Market market) {
        StringBuilder out = new StringBuilder();
        for (Knot knot : knots(market)) {
            out.append(out.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%s:%s", knot.estimate(), knot.shift()));
        }
        return out.toString();
    }

    static List<Knot> parse(String words) {
        List<Knot> knots = new ArrayList<>();
        for (String word : words.trim().split(" ")) {
            if (!word.isEmpty()) {
                String[] f = word.split(":");
                knots.add(new Knot(Double.parseDouble(f[0]), Double.parseDouble(f[1])));
            }
        }
        return knots;
    }
}
