package domainintel.valuation.training;

import domainintel.names.EnglishWords;
import domainintel.sales.Sale;
import domainintel.sales.SalesCsv;
import domainintel.valuation.NameProfiler;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Training is deterministic: the same data and seed give a byte-identical artifact; another seed
 * another model. Runs LightGBM for real on a slice of the sales (every step of the real command,
 * including the check that the Java evaluator matches LightGBM on every row).
 */
class TrainingDeterminismTest {
    private static final NameProfiler PROFILER = NameProfiler.standalone();
    private static final EnglishWords ENGLISH = new EnglishWords();

    private static byte[] train(List<Sale> sales, int seed) {
        var split = TrainingData.split(sales, PROFILER, seed);
        var trainer = new ModelTrainer(new TrainingParameters(seed, 40, 0.1, 15, 20, 30, "huber alpha=1.0", 1), PROFILER);
        var background = TrainModelCommand.background(split.training(), ENGLISH, PROFILER, seed, 200, 0).training();
        var calibration = trainer.calibrate(split.training(), background);
        return trainer.fit(split.training(), background, calibration.price(), true, calibration.ranges(),
                calibration.gate(), calibration.recordedPrior()).artifact();
    }

    @Test
    void sameSeedSameBytesOtherSeedOtherModel() throws java.io.IOException {
        List<Sale> all = SalesCsv.bundled();
        List<Sale> slice = new ArrayList<>();
        for (int i = 0; i < all.size(); i += 12) {
            slice.add(all.get(i));
        }
        byte[] first = train(slice, 7);
        byte[] second = train(slice, 7);
        assertTrue(first.length > 1000);
        assertArrayEquals(first, second);
        assertFalse(java.util.Arrays.equals(first, train(slice, 8)));
        neverMoreMarketableWithMore(first, slice);
    }

    /** The classifier's constraint: one more hyphen, digit, letter or word never raises a name's marketability. */
    private static void neverMoreMarketableWithMore(byte[] artifact, List<Sale> sales) throws java.io.IOException {
        var model = domainintel.valuation.ModelArtifact.read(new java.io.ByteArrayInputStream(artifact));
        int checked = 0;
        for (Sale sale : sales.subList(0, 300)) {
            var name = domainintel.names.DomainNames.tryParse(sale.domain());
            if (name.isEmpty()) {
                continue;
            }
            double[] row = model.encoder().encode(PROFILER.profile(name.get()), domainintel.sales.Market.RETAIL);
            for (var feature : TrainingParameters.NEVER_RAISE_MARKETABILITY) {
                double before = model.marketability().predict(row);
                double[] more = row.clone();
                for (int step = 1; step <= 4; step++) {
                    more[feature.ordinal()] = row[feature.ordinal()] + step;
                    double after = model.marketability().predict(more);
                    assertTrue(after <= before + 1e-12, sale.domain() + ": " + feature + " +" + step + " raised marketability");
                    before = after;
                }
                checked++;
            }
        }
        assertTrue(checked > 1000);
    }
}
