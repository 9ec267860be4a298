package domainintel.valuation.training;

import domainintel.sales.Sale;
import domainintel.sales.SalesCsv;
import domainintel.valuation.NameProfiler;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Price-selected sales inform the fit at weights that restore the random sample's prices, and are never measured against. */
class SelectionWeightsTest {

    private static Sale sale(String source, long price) {
        return new Sale("example.com", price, null, null, null, source);
    }

    @Test
    void thePoolWeighsLikeTheRandomSampleInEveryPriceBand() {
        List<Sale> pool = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            pool.add(sale(SelectionWeights.RANDOM_SOURCE, 250));
        }
        for (int i = 0; i < 3; i++) {
            pool.add(sale(SelectionWeights.RANDOM_SOURCE, 7_000));
        }
        for (int i = 0; i < 57; i++) {
            pool.add(sale("auctions-2015-2020-highvalue", 7_000));
        }
        for (int i = 0; i < 10; i++) {
            pool.add(sale("auctions-2015-2020-balanced", 250));
        }
        var weights = SelectionWeights.of(pool);
        double high = pool.stream().filter(s -> s.priceUsd() == 7_000).mapToDouble(weights::weight).sum();
        double low = pool.stream().filter(s -> s.priceUsd() == 250).mapToDouble(weights::weight).sum();
        assertEquals(3, high, 1e-9, "the $5,000-10,000 band weighs what the random sample has in it");
        assertEquals(30, low, 1e-9);
        assertEquals(0.05, weights.weight(sale("auctions-2015-2020-highvalue", 7_000)), 1e-9);
        assertEquals(1, weights.weight(sale("namebio-2024", 7_000)), "outside the pool a sale counts once");
        assertEquals(0, weights.weight(sale("auctions-2015-2020-highvalue", 90_000)), "a band the random sample never reached counts for nothing");
    }

    @Test
    void selectedSalesTrainButAreNeverHeldOut() {
        var split = TrainingData.split(SalesCsv.bundled(), NameProfiler.standalone(), 42);
        assertTrue(split.selectedInTraining() > 3_000);
        assertFalse(split.holdout().stream().anyMatch(Example::priceSelected));
        assertTrue(split.training().stream().filter(Example::priceSelected).allMatch(e -> e.weight() < 1));
    }
}
