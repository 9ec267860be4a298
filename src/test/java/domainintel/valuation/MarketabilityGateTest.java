package domainintel.valuation;

import domainintel.names.DomainNames;
import domainintel.sales.Market;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

    @Test
    void theCeilingHoldsACoinedLabelOfLowMarketabilityAtTheCapThenLetsItRise() {
        var gate = new MarketabilityGate(2, 6, new MarketabilityGate.Ceiling(0.2, 400, 150, 3));
        double ifSold = Math.log(3_000);
        assertEquals(Math.log(400), gate.value(Market.RETAIL, ifSold, 0.1, true), 1e-12);
        assertEquals(Math.log(150), gate.value(Market.WHOLESALE, ifSold, 0.1, true), 1e-12);
        double logit = Math.log(0.25 / 0.75) - Math.log(0.2 / 0.8);
        assertEquals(Math.log(400) + 3 * logit, gate.value(Market.RETAIL, ifSold, 0.25, true), 1e-12, "just above: a cap that rises");
        assertEquals(gate.mix(ifSold, 0.6), gate.value(Market.RETAIL, ifSold, 0.6, true), 1e-12, "well above: the gate alone");
        assertEquals(gate.mix(ifSold, 0.1), gate.value(Market.RETAIL, ifSold, 0.1, false), 1e-12, "a label that is no coinage: the gate alone");
        assertEquals(gate.mix(Math.log(200), 0.1), gate.value(Market.RETAIL, Math.log(200), 0.1, true), 1e-12, "a ceiling never raises");
        assertEquals(gate.mix(ifSold, 0.1), new MarketabilityGate(2, 6).value(Market.RETAIL, ifSold, 0.1, true), 1e-12, "no ceiling");
    }

    @Test
    void aCoinedLabelIsASixCharacterOrLongerDotComOfNoKnownWord() {
        var profiler = NameProfiler.standalone();
        assertTrue(MarketabilityGate.coined(profiler.profile(DomainNames.parse("kjhqwe.com"))));
        assertTrue(MarketabilityGate.coined(profiler.profile(DomainNames.parse("lunvio.com"))));
        assertTrue(MarketabilityGate.coined(profiler.profile(DomainNames.parse("kjhqwé.com"))), "an IDN, as read");
        assertFalse(MarketabilityGate.coined(profiler.profile(DomainNames.parse("carinsurance.com"))), "English words");
        assertFalse(MarketabilityGate.coined(profiler.profile(DomainNames.parse("bedankt.com"))), "a Dutch word");
        assertFalse(MarketabilityGate.coined(profiler.profile(DomainNames.parse("dobrze.com"))), "a Polish word");
        assertTrue(MarketabilityGate.coined(profiler.profile(DomainNames.parse("kjh-qwe.com"))), "random runs, hyphenated");
        assertTrue(MarketabilityGate.coined(profiler.profile(DomainNames.parse("k3j9x2q.com"))), "random letters and digits");
        assertFalse(MarketabilityGate.coined(profiler.profile(DomainNames.parse("car-insurance.com"))), "English words, hyphenated");
        assertFalse(MarketabilityGate.coined(profiler.profile(DomainNames.parse("rock-n-roll.com"))), "most letters in words");
        assertFalse(MarketabilityGate.coined(profiler.profile(DomainNames.parse("h1b-visa.com"))), "most letters in words");
        assertFalse(MarketabilityGate.coined(profiler.profile(DomainNames.parse("58203917.com"))), "no letter: a number, for the classifier to judge");
        assertFalse(MarketabilityGate.coined(profiler.profile(DomainNames.parse("北京大学.com"))), "another script: its A-label is an encoding");
        assertFalse(MarketabilityGate.coined(profiler.profile(DomainNames.parse("kjhqw.com"))), "five letters: a short name");
        assertFalse(MarketabilityGate.coined(profiler.profile(DomainNames.parse("kjhqwe.io"))), "not a .com");
    }
}
