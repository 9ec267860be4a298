package domainintel.valuation;

import domainintel.sales.Market;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Turns a point estimate into a calibrated range: per market, and per band of the estimate itself,
 * the 10th and 90th percentiles of out-of-fold log residuals. Banded because the error is not the
 * same everywhere: names the model values highly sell over a far wider span than modest ones, so
 * one offset for all would be too wide for the many and too narrow for the few that matter most.
 */
public final class ResidualRanges {
    /** One band: estimates up to {@code upTo} (ln dollars) get these offsets. */
    public record Band(double upTo, double low, double high) {
    }

    private final List<List<Band>> byMarket;

    public ResidualRanges(List<List<Band>> byMarket) {
        if (byMarket.size() != Market.values().length || byMarket.stream().anyMatch(List::isEmpty)) {
            throw new IllegalArgumentException("a range needs at least one band for every market");
        }
        this.byMarket = byMarket.stream().map(List::copyOf).toList();
    }

    /** No width at all: for fits whose ranges are never used (the folds of a calibration). */
    public static ResidualRanges none() {
        return new ResidualRanges(Arrays.stream(Market.values()).map(m -> List.of(new Band(Double.POSITIVE_INFINITY, 0, 0))).toList());
    }

    /**
     * From out-of-fold (actual, estimate) pairs of one market each, in ln dollars: {@code bands}
     * bands holding equal shares of the estimates, the last one open-ended.
     */
    public static ResidualRanges calibrate(List<double[][]> pairsByMarket, int bands, double coverage) {
        double tail = (1 - coverage) / 2;
        List<List<Band>> byMarket = new ArrayList<>();
        for (double[][] pairs : pairsByMarket) {
            double[][] sorted = pairs.clone();
            Arrays.sort(sorted, (a, b) -> Double.compare(a[1], b[1]));
            List<Band> marketBands = new ArrayList<>();
            int count = sorted.length == 0 ? 0 : Math.min(bands, sorted.length);
            for (int b = 0; b < count; b++) {
                int from = b * sorted.length / count;
                int to = (b + 1) * sorted.length / count;
                double[] residuals = Arrays.stream(sorted, from, to).mapToDouble(p -> p[0] - p[1]).sorted().toArray();
                double upTo = b == count - 1 ? Double.POSITIVE_INFINITY : sorted[to - 1][1];
                marketBands.add(new Band(upTo, quantile(residuals, tail), quantile(residuals, 1 - tail)));
            }
            byMarket.add(marketBands.isEmpty() ? List.of(new Band(Double.POSITIVE_INFINITY, 0, 0)) : marketBands);
        }
        return new ResidualRanges(byMarket);
    }

    public List<Band> bands(Market market) {
        return byMarket.get(market.ordinal());
    }

    /** The band an estimate falls in. */
    public Band bandOf(Market market, double logValue) {
        for (Band band : bands(market)) {
            if (logValue <= band.upTo()) {
                return band;
            }
        }
        return bands(market).get(bands(market).size() - 1);
    }

    /** One market's bands as {@code upTo:low:high} words, as the model artifact stores them. */
    String format(Market market) {
        StringBuilder out = new StringBuilder();
        for (Band band : bands(market)) {
            out.append(out.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%s:%s:%s", band.upTo(), band.low(), band.high()));
        }
        return out.toString();
    }

    static List<Band> parse(String words) {
        List<Band> bands = new ArrayList<>();
        for (String word : words.trim().split(" ")) {
            String[] f = word.split(":");
            bands.add(new Band(Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2])));
        }
        return bands;
    }

    public static double quantile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return 0;
        }
        double position = q * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(sorted.length - 1, below + 1);
        return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
    }
}
