package domainintel.valuation;

import domainintel.names.DomainNames;
import domainintel.sales.Market;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The sentence of the words driver says what the words factor saw, whichever way its effect went:
 * the factor weighs how often the web writes the label too, not only its share of dictionary words.
 */
class DriverExplainerTest {
    private static final NameProfiler PROFILER = NameProfiler.standalone();
    private static final PriceEvidence NO_SALES = new PriceEvidence.Builder(new double[Market.values().length]).build();

    /** The sentence of {@code factor}'s driver for a name whose value only {@code feature} moved, by {@code effect} (ln dollars). */
    private static String driver(String name, Feature feature, double effect, String factor) {
        double[] contributions = new double[Feature.values().length];
        contributions[feature.ordinal()] = effect;
        var retail = new ValuationModel.Estimate(5, 4, 6, 5, 0, contributions);
        var appraisal = new ValuationModel.Appraisal(0.9, retail, retail, RecordedSales.Adjustment.NONE, 0, new double[Feature.values().length]);
        var drivers = DriverExplainer.explain(PROFILER.profile(DomainNames.parse(name)), appraisal, NO_SALES);
        return drivers.stream().filter(d -> d.factor().equals(factor)).findFirst().orElseThrow().description();
    }

    private static String wordsDriver(String name, double effect) {
        return driver(name, Feature.LABEL_FREQUENCY, effect, "words");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            // x.com and ab.com were "Not being made of dictionary words raises the value by about 333%" (and 230%)
            "x.com        | 1.466  | Being a string the web writes about 500,000,000 times (\"x\"), though no dictionary word, raises the value by about 333%.",
            "ab.com       | 1.194  | Being a string the web writes about 20,000,000 times (\"ab\"), though no dictionary word, raises the value by about 230%.",
            "01.com       | 0.5    | Being a number (\"01\") raises the value by about 65%.",
            "99.com       | -0.5   | Being a number (\"99\") lowers the value by about 39%.",
            "qzxvbkwp.com | -1     | Not being made of dictionary words lowers the value by about 63%.",
            "shop.com     | 0.5    | Reading as the word \"shop\" raises the value by about 65%.",
            // a misspelling the web writes was "Reading as the word \"bussiness\""
            "bussiness.com | 0.5   | Reading as \"bussiness\", a string the web writes about 300,000 times, raises the value by about 65%.",
            "realestate.com | 0.5  | Reading as the word \"realestate\" raises the value by about 65%.",
    })
    void theWordsDriverSaysWhatTheLabelIs(String name, double effect, String sentence) {
        assertEquals(sentence, wordsDriver(name, effect));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            // x.com was "At 1 characters, its length raises..."
            "x.com      | length   | LENGTH         | At 1 character, its length raises the value by about 65%.",
            "ab.com     | length   | LENGTH         | At 2 characters, its length raises the value by about 65%.",
            "hotles.com | spelling | NEAR_WORD_LIFT | Being one typing slip away from \"hotels\", a word the web writes about 2,000 times as often, raises the value by about 65%.",
            "garden.com | spelling | NEAR_WORD_LIFT | Having no more common word one typing slip away raises the value by about 65%.",
            "6666666.com | characters | DISTINCT_DIGITS | Its digits (7, of 1 kind) raise the value by about 65%.",
            "88889.com   | characters | DISTINCT_DIGITS | Its digits (5, of 2 kinds) raise the value by about 65%.",
            "7.com       | characters | DISTINCT_DIGITS | Its one digit raises the value by about 65%.",
            "kjh-qwe.com | characters | HYPHENS         | Its characters (0 digits, 1 hyphen) raise the value by about 65%.",
    })
    void lengthAndSpellingSayWhatTheLabelIs(String name, String factor, Feature feature, String sentence) {
        assertEquals(sentence, driver(name, feature, 0.5, factor));
    }

    /** A retail price if sold raised to the wholesale one is a driver of its own, not a trait of the name. */
    @org.junit.jupiter.api.Test
    void aRetailPriceRaisedToTheWholesaleOneSaysSo() {
        var retail = new ValuationModel.Estimate(Math.log(4_000), Math.log(900), Math.log(20_000), Math.log(4_000), 0, new double[Feature.values().length]);
        var appraisal = new ValuationModel.Appraisal(0.95, retail, retail, RecordedSales.Adjustment.NONE, 0.2, new double[Feature.values().length]);
        var drivers = DriverExplainer.explain(PROFILER.profile(DomainNames.parse("loan.nl")), appraisal, NO_SALES);
        var floor = drivers.stream().filter(d -> d.factor().equals("wholesale-floor")).findFirst().orElseThrow();
        assertEquals(0.2, floor.effect());
        assertEquals("What investors pay for a name like this (end users pay at least as much) raises the value by about 22%.", floor.description());
    }

    /** A coined label held by the ceiling: the marketability driver says so, not only that such names rarely sell. */
    @org.junit.jupiter.api.Test
    void theMarketabilityDriverOfANameTheCeilingHoldsSaysWhatItHolds() {
        var retail = new ValuationModel.Estimate(Math.log(500), Math.log(300), Math.log(2_000), Math.log(3_500), -1.9, new double[Feature.values().length]);
        var appraisal = new ValuationModel.Appraisal(0.3, retail, retail, RecordedSales.Adjustment.NONE, 0, new double[Feature.values().length]);
        var drivers = DriverExplainer.explain(PROFILER.profile(DomainNames.parse("bedankq.com")), appraisal, NO_SALES);
        assertEquals("A marketability of 30% for letters that spell no known word, as random strings do (such a name is held at about what a modest"
                        + " sale fetches) lowers the value by about 86%.",
                drivers.stream().filter(d -> d.factor().equals("marketability")).findFirst().orElseThrow().description());
    }
}
