package domainintel.valuation;

import domainintel.sales.Market;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Ranges follow the error where it is: narrow where estimates are reliable, wide where they are not. */
class ResidualRangesTest {

    /** Estimates spread over 0..10; the error's spread grows with the estimate. */
    private static double[][] pairs(Random random, int n) {
        double[][] pairs = new double[n][];
        for (int i = 0; i < n; i++) {
            double estimate = 10.0 * i / n;
            pairs[i] = new double[]{estimate + random.nextGaussian() * (0.2 + estimate / 5), estimate};
        }
        return pairs;
    }

    @Test
    void eachBandHoldsEightyPercentAndWidensWithTheError() {
        Random random = new Random(1);
        var ranges = ResidualRanges.calibrate(List.of(pairs(random, 20_000), pairs(random, 20_000)), 5, 0.8);
        List<ResidualRanges.Band> bands = ranges.bands(Market.RETAIL);
        assertEquals(5, bands.size());
        assertTrue(Double.isInfinite(bands.get(4).upTo()));
        for (int b = 1; b < bands.size(); b++) {
            assertTrue(bands.get(b).high() - bands.get(b).low() > bands.get(b - 1).high() - bands.get(b - 1).low(), "band " + b);
        }
        // Fresh data from the same process: 80% inside in every band, not just on average.
        double[][] fresh = pairs(random, 20_000);
        int[] inside = new int[5];
        int[] total = new int[5];
        for (double[] pair : fresh) {
            ResidualRanges.Band band = ranges.bandOf(Market.RETAIL, pair[1]);
            int b = bands.indexOf(band);
            total[b]++;
            if (pair[0] >= pair[1] + band.low() && pair[0] <= pair[1] + band.high()) {
                inside[b]++;
            }
        }
        for (int b = 0; b < 5; b++) {
            assertEquals(0.8, (double) inside[b] / total[b], 0.02, "band " + b);
        }
    }

    @Test
    void anEstimateAboveEveryEdgeFallsInTheLastBandAndTheTextFormRoundTrips() {
        var ranges = ResidualRanges.calibrate(List.of(pairs(new Random(2), 1_000), pairs(new Random(3), 1_000)), 3, 0.8);
        assertEquals(ranges.bands(Market.WHOLESALE).get(2), ranges.bandOf(Market.WHOLESALE, 1e9));
        assertEquals(ranges.bands(Market.WHOLESALE).get(0), ranges.bandOf(Market.WHOLESALE, -1e9));
        assertEquals(ranges.bands(Market.WHOLESALE), ResidualRanges.parse(ranges.format(Market.WHOLESALE)));
        assertThrows(IllegalArgumentException.class, () -> new ResidualRanges(List.of(List.of(), List.of())));
    }
}
