package domainintel.valuation.training;

import domainintel.sales.Market;
import domainintel.valuation.MarketabilityGate;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GateFitTest {
    /**
     * Sold names with marketability spread around 0.3–1 and background names around 0–0.3, all
     * priced at $2,000 if sold: the identity drags the sold names down by their p, so the fit must
     * find a steeper, shifted gate that keeps them and still floors the background.
     */
    @Test
    void findsAGateThatKeepsSoldNamesAndFloorsTheBackground() {
        var random = new SplittableRandom(7);
        List<GateFit.Sold> sold = new ArrayList<>();
        List<GateFit.Unsold> background = new ArrayList<>();
        double price = Math.log(2_000);
        for (int i = 0; i < 2_000; i++) {
            sold.add(new GateFit.Sold(price + 0.3 * random.nextGaussian(), price, 0.3 + 0.7 * random.nextDouble(), false));
            background.add(new GateFit.Unsold(BackgroundNames.Family.RANDOM_LETTERS, price, Math.log(200), 0.3 * random.nextDouble(), true, 8, true));
        }
        Map<Market, List<GateFit.Sold>> byMarket = Map.of(Market.RETAIL, sold);
        MarketabilityGate gate = GateFit.fit(byMarket, background, true);
        assertTrue(GateFit.valuesBackgroundNearFloor(gate, background, true));
        assertTrue(GateFit.soldLoss(gate, byMarket) < GateFit.soldLoss(MarketabilityGate.IDENTITY, byMarket) - 0.2,
                "gate " + gate + " beats the identity on sold names");
        assertTrue(gate.weight(0.5) > 0.8, "an even chance keeps its price: " + gate);
    }

    /**
     * The 95th-percentile bound is the bound for random letter strings: typos that look like
     * sold names (p 0.5–1, a fifth of the background) sit above it and must not force a gate that
     * floors the sold names with them.
     */
    @Test
    void theTailBoundConcernsRandomLettersOnly() {
        var random = new SplittableRandom(11);
        List<GateFit.Sold> sold = new ArrayList<>();
        List<GateFit.Unsold> background = new ArrayList<>();
        double price = Math.log(2_000);
        for (int i = 0; i < 2_000; i++) {
            sold.add(new GateFit.Sold(price + 0.3 * random.nextGaussian(), price, 0.5 + 0.5 * random.nextDouble(), false));
            background.add(i % 5 == 0
                    ? new GateFit.Unsold(BackgroundNames.Family.TYPO, price, Math.log(200), 0.5 + 0.5 * random.nextDouble(), false, 8, true)
                    : new GateFit.Unsold(BackgroundNames.Family.RANDOM_LETTERS, price, Math.log(200), 0.2 * random.nextDouble(), true, 8, true));
        }
        Map<Market, List<GateFit.Sold>> byMarket = Map.of(Market.RETAIL, sold);
        MarketabilityGate gate = GateFit.fit(byMarket, background, true);
        assertTrue(GateFit.valuesBackgroundNearFloor(gate, background, true), "random letters floored: " + gate);
        assertTrue(gate.weight(0.6) > 0.8, "sold names keep their price: " + gate);
    }

    @Test
    void withoutAnAdmissibleGateTheIdentityIsKept() {
        // Background as likely as sold names: no gate values it near the floor while keeping any price.
        double price = Math.log(2_000);
        var background = List.of(new GateFit.Unsold(BackgroundNames.Family.TYPO, price, price, 0.99, false, 8, true), new GateFit.Unsold(BackgroundNames.Family.TYPO, price, price, 0.999, false, 8, true));
        var sold = Map.of(Market.RETAIL, List.of(new GateFit.Sold(price, price, 0.99, false)));
        assertEquals(MarketabilityGate.IDENTITY, GateFit.fit(sold, background, false));
    }

    /**
     * A tenth of the random strings look as marketable (p 0.1–0.5) as a twentieth of the sold names,
     * coined ones: the gate alone meets the tail bound only by flooring those sold names; a ceiling on
     * coined labels meets it at a modest price for them instead, so their error is smaller.
     */
    @Test
    void aCeilingOnCoinedLabelsMeetsTheTailBoundAtLessCostThanTheGateAlone() {
        var random = new SplittableRandom(5);
        List<GateFit.Sold> sold = new ArrayList<>();
        List<GateFit.Unsold> background = new ArrayList<>();
        double price = Math.log(3_000);
        for (int i = 0; i < 1_500; i++) {
            sold.add(i % 20 == 0 ? new GateFit.Sold(price, price, 0.1 + 0.2 * random.nextDouble(), true)
                    : new GateFit.Sold(price + 0.3 * random.nextGaussian(), price, 0.5 + 0.5 * random.nextDouble(), false));
            double p = i % 10 == 0 ? 0.1 + 0.4 * random.nextDouble() : 0.05 * random.nextDouble();
            background.add(new GateFit.Unsold(BackgroundNames.Family.RANDOM_LETTERS, price, Math.log(200), p, true, 6 + i % 5, true));
        }
        Map<Market, List<GateFit.Sold>> byMarket = Map.of(Market.RETAIL, sold);
        MarketabilityGate gateAlone = GateFit.fit(byMarket, background, true);
        MarketabilityGate withCeiling = GateFit.fitWithCeiling(byMarket, background);
        assertTrue(GateFit.valuesBackgroundNearFloor(withCeiling, background, true), "the tail bound is met: " + withCeiling);
        assertTrue(GateFit.ranksSoldAboveRandom(withCeiling, byMarket, background));
        assertTrue(GateFit.soldLoss(withCeiling, byMarket) < GateFit.soldLoss(gateAlone, byMarket) - 0.05,
                withCeiling + " costs the sold names less than " + gateAlone);
        assertTrue(withCeiling.value(Market.RETAIL, price, 0.2, true) >= Math.log(150), "a coined sold name keeps a modest price: " + withCeiling);
    }

    /**
     * Coined sold names of low marketability that sold well want a lenient gate, and as many other sold names
     * of that marketability that sold for next to nothing want a steep one. Fitted first without a ceiling, the
     * gate is lenient for the coined ones' sake; once the ceiling holds those at a modest price whatever the
     * gate, a steeper gate floors the others and errs less: the gate is fitted again under the ceiling.
     */
    @Test
    void theGateIsFittedAgainUnderTheCeiling() {
        var random = new SplittableRandom(3);
        List<GateFit.Sold> sold = new ArrayList<>();
        List<GateFit.Unsold> background = new ArrayList<>();
        double price = Math.log(3_000);
        for (int i = 0; i < 1_500; i++) {
            double low = 0.1 + 0.2 * random.nextDouble();
            sold.add(switch (i % 20) {
                case 0, 1 -> new GateFit.Sold(price, price, low, true);
                case 2 -> new GateFit.Sold(Math.log(20), price, low, false);
                default -> new GateFit.Sold(price + 0.3 * random.nextGaussian(), price, 0.5 + 0.5 * random.nextDouble(), false);
            });
            double p = i % 10 == 0 ? 0.1 + 0.4 * random.nextDouble() : 0.05 * random.nextDouble();
            background.add(new GateFit.Unsold(BackgroundNames.Family.RANDOM_LETTERS, price, Math.log(200), p, true, 6 + i % 5, true));
        }
        Map<Market, List<GateFit.Sold>> byMarket = Map.of(Market.RETAIL, sold);
        MarketabilityGate first = GateFit.fit(byMarket, background, false);
        MarketabilityGate served = GateFit.fitWithCeiling(byMarket, background);
        var firstUnderTheCeiling = new MarketabilityGate(first.slope(), first.shift(), served.ceiling());
        assertTrue(GateFit.soldLoss(served, byMarket) < GateFit.soldLoss(firstUnderTheCeiling, byMarket) - 0.01,
                served + " errs less than " + firstUnderTheCeiling);
        assertTrue(GateFit.valuesBackgroundNearFloor(served, background, true), "the tail bound is met: " + served);
    }

    /**
     * The median bound, on the random strings it speaks of, with a margin: a list of 200 drawn from
     * strings whose values climb steeply past the middle can have its median well above the true one.
     */
    @Test
    void theRandomStringsMedianBoundKeepsAMargin() {
        assertFalse(GateFit.valuesBackgroundNearFloor(MarketabilityGate.IDENTITY, randomStringsValuedAt(0.55, 100, 1_000), false),
                "55% at $100: the median is, the 60th percentile is not");
        assertTrue(GateFit.valuesBackgroundNearFloor(MarketabilityGate.IDENTITY, randomStringsValuedAt(0.65, 100, 1_000), false));
    }

    /** 6–10 letter random .com strings, sure to sell (p = 1, so the value is the price-if-sold): a share at {@code low}, the rest at {@code high}. */
    private static List<GateFit.Unsold> randomStringsValuedAt(double share, double low, double high) {
        List<GateFit.Unsold> background = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            double retail = Math.log(i < share * 1_000 ? low : high);
            background.add(new GateFit.Unsold(BackgroundNames.Family.RANDOM_LETTERS, retail, Math.log(10), 1, true, 6 + i % 5, true));
        }
        return background;
    }
}
