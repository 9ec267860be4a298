package domainintel.valuation.training;

import domainintel.sales.Market;
import domainintel.valuation.MarketabilityGate;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
            sold.add(new GateFit.Sold(price + 0.3 * random.nextGaussian(), price, 0.3 + 0.7 * random.nextDouble()));
            background.add(new GateFit.Unsold(BackgroundNames.Family.RANDOM_LETTERS, price, Math.log(200), 0.3 * random.nextDouble()));
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
            sold.add(new GateFit.Sold(price + 0.3 * random.nextGaussian(), price, 0.5 + 0.5 * random.nextDouble()));
            background.add(i % 5 == 0
                    ? new GateFit.Unsold(BackgroundNames.Family.TYPO, price, Math.log(200), 0.5 + 0.5 * random.nextDouble())
                    : new GateFit.Unsold(BackgroundNames.Family.RANDOM_LETTERS, price, Math.log(200), 0.2 * random.nextDouble()));
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
        var background = List.of(new GateFit.Unsold(BackgroundNames.Family.TYPO, price, price, 0.99), new GateFit.Unsold(BackgroundNames.Family.TYPO, price, price, 0.999));
        var sold = Map.of(Market.RETAIL, List.of(new GateFit.Sold(price, price, 0.99)));
        assertEquals(MarketabilityGate.IDENTITY, GateFit.fit(sold, background, false));
    }
}
