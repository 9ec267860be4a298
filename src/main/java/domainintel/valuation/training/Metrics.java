package domainintel.valuation.training;

import java.util.Arrays;

/**
 * Held-out accuracy of log-price predictions, as the model report states it.
 *
 * @param meanAbsLogError mean |ln predicted − ln actual|
 * @param spearman        rank correlation of predicted and actual prices
 * @param r2              coefficient of determination on log price
 * @param medianApe       median |predicted − actual| / actual, in dollars
 * @param coverage        share of actual prices inside the predicted range (NaN when there is no range)
 */
record Metrics(int n, double meanAbsLogError, double spearman, double r2, double medianApe, double coverage) {

    static Metrics of(double[] actual, double[] predicted, double[] low, double[] high) {
        int n = actual.length;
        double abs = 0;
        double mean = Arrays.stream(actual).average().orElse(0);
        double ssRes = 0;
        double ssTot = 0;
        double[] ape = new double[n];
        int inside = 0;
        for (int i = 0; i < n; i++) {
            double error = predicted[i] - actual[i];
            abs += Math.abs(error);
            ssRes += error * error;
            ssTot += (actual[i] - mean) * (actual[i] - mean);
            ape[i] = Math.abs(Math.exp(error) - 1);
            if (low != null && actual[i] >= low[i] && actual[i] <= high[i]) {
                inside++;
            }
        }
        Arrays.sort(ape);
        double medianApe = n % 2 == 1 ? ape[n / 2] : (ape[n / 2 - 1] + ape[n / 2]) / 2;
        return new Metrics(n, abs / n, spearman(actual, predicted), 1 - ssRes / ssTot, medianApe,
                low == null ? Double.NaN : (double) inside / n);
    }

    /** Pearson correlation of average ranks (ties share their mean rank). */
    static double spearman(double[] a, double[] b) {
        double[] ra = ranks(a);
        double[] rb = ranks(b);
        double ma = Arrays.stream(ra).average().orElse(0);
        double mb = Arrays.stream(rb).average().orElse(0);
        double cov = 0;
        double va = 0;
        double vb = 0;
        for (int i = 0; i < a.length; i++) {
            cov += (ra[i] - ma) * (rb[i] - mb);
            va += (ra[i] - ma) * (ra[i] - ma);
            vb += (rb[i] - mb) * (rb[i] - mb);
        }
        return va == 0 || vb == 0 ? 0 : cov / Math.sqrt(va * vb);
    }

    private static double[] ranks(double[] values) {
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Double.compare(values[x], values[y]));
        double[] ranks = new double[values.length];
        for (int i = 0; i < order.length; ) {
            int j = i;
            while (j + 1 < order.length && values[order[j + 1]] == values[order[i]]) {
                j++;
            }
            double rank = (i + j) / 2.0 + 1;
            for (int k = i; k <= j; k++) {
                ranks[order[k]] = rank;
            }
            i = j + 1;
        }
        return ranks;
    }
}
