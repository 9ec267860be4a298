package domainintel.valuation;

import domainintel.sales.Market;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The short-class shifts move the scarce classes thinner than a leaf by what their sales say, shrunk, and leave the rest to the trees. */
class ShortClassShiftsTest {
    private static final double[] MARKET_MEANS = {0.2, 0.2};
    private static final int LEAF = 40;
    /** A model that serves every name alike: no class is below another before the shifts. */
    private static final ShortClassShifts.ServedIfSold FLAT = (name, market) -> 0;

    /** {@code count} residuals of one class and market, spread ±{@code spread} around {@code mean}. */
    private static void add(List<ShortClassShifts.Residual> out, String shortClass, Market market, int count, double mean, double spread,
                            double weight) {
        for (int i = 0; i < count; i++) {
            out.add(new ShortClassShifts.Residual(shortClass, market, mean + (i % 2 == 0 ? spread : -spread), weight));
        }
    }

    private static List<ShortClassShifts.Residual> thinClassesThatDiffer() {
        List<ShortClassShifts.Residual> residuals = new ArrayList<>();
        // Twenty thin classes a market whose means truly differ (±1 around the market's, as many each way), so that there is a spread to learn.
        for (Market market : Market.values()) {
            for (int c = 0; c < 20; c++) {
                add(residuals, "#c" + c + ":2:letters", market, 4, 0.2 + (c % 2 == 0 ? 1 : -1), 0.5, 1);
            }
        }
        return residuals;
    }

    @Test
    void movesAThinClassBySomeOfWhatItsSalesBeatTheMarketBy() {
        var residuals = thinClassesThatDiffer();
        add(residuals, "#com:2:letters", Market.RETAIL, 8, 0.2 + 1.0, 0.5, 1);
        var shifts = ShortClassShifts.fit(residuals, MARKET_MEANS, LEAF, FLAT);

        double shift = shifts.shift("gx", "com", Market.RETAIL);
        double n = 8;
        double kind = shifts.kind(Market.RETAIL);
        assertEquals(kind + (1.0 - kind) * n / (n + shifts.prior(Market.RETAIL)), shift, 1e-9,
                "the class's mean beyond the market's, shrunk by n / (n + k) towards the kind's");
        assertEquals(8.0 / (20 * 4 + 8), kind, 1e-9, "twenty classes at ±1 and one of eight sales at +1, weighed by their sales");
        assertTrue(shifts.prior(Market.RETAIL) > 0 && shifts.prior(Market.RETAIL) < 1, "thin classes differing by ±1 with a spread of 0.5 within: a weak prior, k " + shifts.prior(Market.RETAIL));
        assertEquals(0, shifts.shift("gx", "com", Market.WHOLESALE), "no wholesale sales of the class: not moved there");
        assertTrue(Math.abs(shifts.shift("ab", "c0", Market.WHOLESALE)) > 0.5, "the other market's thin classes are moved too");
        assertEquals(0, shifts.shift("gxq", "com", Market.RETAIL), "another class");
    }

    @Test
    void aClassNobodyBoughtTakesTheShiftOfTheClassOneCharacterLonger() {
        var residuals = thinClassesThatDiffer();
        add(residuals, "#com:2:letters", Market.RETAIL, 8, 0.2 + 1.0, 0.5, 1);
        add(residuals, "#com:3:digits", Market.WHOLESALE, 3, 0.2 + 2.0, 0.5, 1);
        add(residuals, "#com:1:digits", Market.RETAIL, 2, 0.2 - 1.0, 0.5, 1);
        var shifts = ShortClassShifts.fit(residuals, MARKET_MEANS, LEAF, FLAT);
        assertEquals(shifts.shift("gx", "com", Market.RETAIL), shifts.shift("x", "com", Market.RETAIL), "x.com as two letters");
        assertEquals(shifts.shift("360", "com", Market.WHOLESALE), shifts.shift("88", "com", Market.WHOLESALE), "88.com as three digits");
        assertTrue(shifts.shift("7", "com", Market.RETAIL) < 0, "one digit: its own sales, at retail");
        assertEquals(shifts.shift("360", "com", Market.WHOLESALE), shifts.shift("7", "com", Market.WHOLESALE), "and three digits' at auction");
        assertEquals(0, shifts.shift("x", "com", Market.WHOLESALE), "no scarce class of letters sold at auction");
    }

    /**
     * Where the trees value a class nobody bought below the class one character longer (here by a fixed amount per
     * character, and 88.com above 11.com), its shift lifts its mean to that class's; where they value it above
     * (one letter above two), it keeps the longer class's shift.
     */
    @Test
    void aClassNobodyBoughtIsValuedAtLeastAsTheClassOneCharacterLonger() {
        var residuals = thinClassesThatDiffer();
        add(residuals, "#com:3:digits", Market.WHOLESALE, 3, 0.2 + 2.0, 0.5, 1);
        add(residuals, "#com:2:letters", Market.WHOLESALE, 3, 0.2 + 2.0, 0.5, 1);
        ShortClassShifts.ServedIfSold served = (name, market) -> {
            String label = name.substring(0, name.indexOf('.'));
            boolean digits = label.chars().allMatch(Character::isDigit);
            return (digits ? 10 + label.length() : 14 - label.length()) + (label.equals("88") ? 0.9 : label.equals("11") ? -0.9 : 0);
        };
        var shifts = ShortClassShifts.fit(residuals, MARKET_MEANS, LEAF, served);
        double threeDigits = shifts.shift("360", "com", Market.WHOLESALE);
        assertEquals(13 + threeDigits, 12 + shifts.shift("88", "com", Market.WHOLESALE), 1e-9, "two digits lifted to three digits' mean");
        assertEquals(12 + shifts.shift("88", "com", Market.WHOLESALE), 11 + shifts.shift("7", "com", Market.WHOLESALE), 1e-9,
                "one digit to two digits' once lifted");
        assertEquals(shifts.shift("gx", "com", Market.WHOLESALE), shifts.shift("x", "com", Market.WHOLESALE), 1e-9,
                "one letter, valued above two by the trees, keeps two letters' shift");
        assertEquals(0, shifts.shift("88", "com", Market.RETAIL), "no scarce class of digits sold at retail: nothing to stand on");
        assertEquals(0, shifts.shift("88", "c3", Market.WHOLESALE), "nor under an extension where only letters sold");

        // A class none of whose labels can be registered has no mean to lift: it keeps the longer class's shift,
        // and no line of its own in the artifact.
        var unregistrable = ShortClassShifts.fit(residuals, MARKET_MEANS, LEAF,
                (name, market) -> name.indexOf('.') == 2 && Character.isDigit(name.charAt(0)) ? Double.NaN : served.logIfSold(name, market));
        assertEquals(unregistrable.shift("360", "com", Market.WHOLESALE), unregistrable.shift("88", "com", Market.WHOLESALE), 1e-9);
        assertFalse(unregistrable.byClass().containsKey("#com:2:digits"));
    }

    @Test
    void leavesAClassAsThickAsALeafToTheTrees() {
        var residuals = thinClassesThatDiffer();
        add(residuals, "#com:2:mixed", Market.WHOLESALE, LEAF, 0.2 + 0.5, 0.5, 1);
        var shifts = ShortClassShifts.fit(residuals, MARKET_MEANS, LEAF, FLAT);
        assertEquals(0, shifts.shift("a1", "com", Market.WHOLESALE));
    }

    @Test
    void countsPriceSelectedSalesByTheirEffectiveNumber() {
        var residuals = thinClassesThatDiffer();
        // Many sales of small weight are thin (Kish: (Σw)² / Σw² = 20 for equal weights), and their weights do not shrink the shift.
        add(residuals, "#com:3:digits", Market.WHOLESALE, 20, 0.2 + 1.5, 0.5, 0.05);
        var shifts = ShortClassShifts.fit(residuals, MARKET_MEANS, LEAF, FLAT);
        double kind = shifts.kind(Market.WHOLESALE);
        assertEquals(kind + (1.5 - kind) * 20 / (20 + shifts.prior(Market.WHOLESALE)), shifts.shift("360", "com", Market.WHOLESALE), 1e-9);
    }

    @Test
    void scarceClassesHoldAtMostAThousandLabels() {
        for (String label : List.of("x", "7", "gx", "1m", "88", "360")) {
            assertTrue(ShortClassShifts.scarce(label), label);
        }
        for (String label : List.of("abc", "a1b", "1234", "hotels", "")) {
            assertFalse(ShortClassShifts.scarce(label), label);
        }
    }

    @Test
    void shrinksTowardsHowFarTheKindBeatsTheMarket() {
        List<ShortClassShifts.Residual> residuals = new ArrayList<>();
        Random random = new Random(11);
        // At auction every scarce class sold for about e^2 times the model's estimate, give or take 0.5.
        for (int c = 0; c < 20; c++) {
            add(residuals, "#c" + c + ":2:letters", Market.WHOLESALE, 3, 0.2 + 2 + (random.nextBoolean() ? 0.5 : -0.5), 0.5, 1);
        }
        add(residuals, "#com:2:letters", Market.WHOLESALE, 1, 0.2 + 2, 0, 1);
        var shifts = ShortClassShifts.fit(residuals, MARKET_MEANS, LEAF, FLAT);
        assertEquals(2, shifts.kind(Market.WHOLESALE), 0.3);
        assertEquals(2, shifts.shift("gx", "com", Market.WHOLESALE), 0.3, "one sale at the kind's level: moved as far as the kind, not a third of it");
    }

    @Test
    void movesNothingInAMarketWithOneThinClass() {
        List<ShortClassShifts.Residual> residuals = new ArrayList<>();
        add(residuals, "#com:2:letters", Market.RETAIL, 8, 0.2 + 1.0, 0.5, 1);
        add(residuals, "#com:2:mixed", Market.RETAIL, LEAF, 0.2 - 0.5, 0.5, 1);
        var shifts = ShortClassShifts.fit(residuals, MARKET_MEANS, LEAF, FLAT);
        assertEquals(0, shifts.shift("gx", "com", Market.RETAIL), "one class: its difference cannot be told from noise");
    }

    @Test
    void movesNothingWhenThinClassesDifferNoMoreThanSamplingExplains() {
        List<ShortClassShifts.Residual> residuals = new ArrayList<>();
        for (int c = 0; c < 20; c++) {
            add(residuals, "#c" + c + ":2:letters", Market.RETAIL, 4, 0.2, 1.0, 1);
        }
        var shifts = ShortClassShifts.fit(residuals, MARKET_MEANS, LEAF, FLAT);
        assertEquals(0, shifts.shift("ab", "c3", Market.RETAIL), 1e-12);
        assertEquals(Double.POSITIVE_INFINITY, shifts.prior(Market.RETAIL));
    }
}
