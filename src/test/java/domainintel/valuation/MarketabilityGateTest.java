package domainintel.valuation;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MarketabilityGateTest {
    @Test
    void theIdentityWeighsThePriceIfSoldByMarketabilityItself() {
        for (double p : new double[]{0.01, 0.3, 0.5, 0.9}) {
            assertEquals(p, MarketabilityGate.IDENTITY.weight(p), 1e-12);
            assertEquals(Math.log(p * 2_000 + (1 - p) * ValuationModel.FLOOR_USD), MarketabilityGate.IDENTITY.mix(Math.log(2_000), p), 1e-12);
        }
    }

    @Test
    void aSteepShiftedGateKeepsLikelySellersAndFloorsTheRest() {
        var gate = new MarketabilityGate(3, 2);
        assertTrue(gate.weight(0.5) > 0.85, "an even chance keeps most of the price: " + gate.weight(0.5));
        assertTrue(gate.weight(0.05) < 0.01, "an unlikely name gets the floor: " + gate.weight(0.05));
        assertEquals(0, gate.weight(0));
        assertEquals(1, gate.weight(1));
        double previous = -1;
        for (double p = 0.01; p < 1; p += 0.01) {
            assertTrue(gate.weight(p) > previous, "monotone at " + p);
            previous = gate.weight(p);
        }
    }

    @Test
    void unmixInvertsMix() {
        var gate = new MarketabilityGate(2.5, 1.25);
        for (double p : new double[]{0.1, 0.5, 0.95}) {
            for (double logIfSold : new double[]{Math.log(50), Math.log(3_000), Math.log(2_000_000)}) {
                assertEquals(logIfSold, gate.unmix(gate.mix(logIfSold, p), p), 1e-6);
            }
        }
    }
}
