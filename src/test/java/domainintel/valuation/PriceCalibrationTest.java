package domainintel.valuation;

import domainintel.sales.Market;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The calibration moves estimates to the median of what sold alike, and never reverses an order. */
class PriceCalibrationTest {

    /** Estimates over 0..10 (ln dollars); sales at estimate + bias(estimate) + noise. */
    private static double[][] pairs(Random random, int n, java.util.function.DoubleUnaryOperator bias) {
        double[][] pairs = new double[n][];
        for (int i = 0; i < n; i++) {
            double estimate = 10.0 * i / n;
            pairs[i] = new double[]{estimate + bias.applyAsDouble(estimate) + random.nextGaussian() * 0.3, estimate};
        }
        return pairs;
    }

    /** The pairs in the calibration's order of markets. */
    private static List<double[][]> byMarket(double[][] retail, double[][] wholesale) {
        return java.util.Arrays.stream(Market.values()).map(m -> m == Market.RETAIL ? retail : wholesale).toList();
    }

    @Test
    void movesEstimatesByTheMedianResidualOfTheirBand() {
        Random random = new Random(3);
        // Too high at the bottom, too low at the top, as a capped loss leaves them.
        var calibration = PriceCalibration.fit(byMarket(pairs(random, 20_000, e -> 0.1 * (e - 5)), pairs(random, 20_000, e -> -0.2)));
        assertEquals(0.0, calibration.apply(Market.RETAIL, 5) - 5, 0.05);
        assertEquals(0.45, calibration.apply(Market.RETAIL, 9.5) - 9.5, 0.08);
        assertEquals(-0.2, calibration.apply(Market.WHOLESALE, 5) - 5, 0.05);
        double top = calibration.knots(Market.RETAIL).get(calibration.knots(Market.RETAIL).size() - 1).estimate();
        assertEquals(calibration.apply(Market.RETAIL, top) - top, calibration.apply(Market.RETAIL, top + 3) - (top + 3), 1e-12,
                "beyond the last knot the shift holds");
    }

    @Test
    void neverReversesAnOrderEvenWhereTheMediansDo() {
        Random random = new Random(4);
        // A band whose sales sold far below its neighbours' would pull its knot below theirs.
        var calibration = PriceCalibration.fit(byMarket(pairs(random, 5_000, e -> e > 6 && e < 7 ? -3 : 0), pairs(random, 100, e -> 0)));
        double previous = Double.NEGATIVE_INFINITY;
        for (double e = -1; e <= 11; e += 0.01) {
            double out = calibration.apply(Market.RETAIL, e);
            assertTrue(out >= previous - 1e-12, "calibrated estimates rise with the estimate, at " + e);
            previous = out;
        }
    }

    @Test
    void noneAndAnArtifactWithoutKnotsLeaveEstimatesAsTheyAre() {
        assertEquals(7.25, PriceCalibration.none().apply(Market.RETAIL, 7.25));
        assertEquals(List.of(), PriceCalibration.parse(""));
    }

    @Test
    void knotsSurviveTheArtifactsTextForm() {
        var calibration = PriceCalibration.fit(List.of(pairs(new Random(5), 2_000, e -> 0.3), pairs(new Random(6), 2_000, e -> -0.1)));
        for (Market market : Market.values()) {
            assertEquals(calibration.knots(market), PriceCalibration.parse(calibration.format(market)));
        }
    }
}
