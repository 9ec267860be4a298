package domainintel.valuation;

import domainintel.names.DomainNames;
import domainintel.sales.Market;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What past sales say about a name's words, compounds and TLD. */
class PriceEvidenceTest {
    private static final NameProfiler PROFILER = NameProfiler.standalone();

    private static PriceEvidence evidence(Object... namesAndPrices) {
        var builder = new PriceEvidence.Builder(new double[]{Math.log(1000), Math.log(1000)});
        for (int i = 0; i < namesAndPrices.length; i += 2) {
            builder.add(PROFILER.profile(DomainNames.parse((String) namesAndPrices[i])), Market.RETAIL,
                    Math.log(((Number) namesAndPrices[i + 1]).doubleValue()), 1);
        }
        return builder.build();
    }

    @Test
    void compoundsAreValuedByTheirWordsTogetherAndByTheirLastWord() {
        var evidence = evidence("carinsurance.net", 50_000, "carinsurance.info", 20_000, "homeinsurance.org", 20_000, "carwash.com", 1_000,
                "insurancecar.com", 1_000, "insurancecar.org", 1_000, "carrental.com", 90_000);
        assertTrue(evidence.pairValue("car", "insurance") > 0);
        assertTrue(evidence.pairValue("car", "insurance") > evidence.pairValue("insurance", "car") + 0.5);
        assertEquals(0, evidence.pairValue("car", "rental"), 1e-12, "sold once: that name's own evidence, not a pair's");
        assertEquals(0, evidence.pairValue("home", "rental"), 1e-12, "never sold");
        assertTrue(evidence.headValue("insurance") > evidence.headValue("wash"));
        assertEquals(0, evidence.headValue("insurancecar"), 1e-12);
    }

    @Test
    void aWordIsNotMadeCheapByTheExtensionItsNamesSoldUnder() {
        // Every .xyz name sells at a tenth of the market; "garden" sold there at that level too.
        var evidence = evidence("alpha.xyz", 100, "beta.xyz", 100, "gamma.xyz", 100, "delta.xyz", 100, "gardenparty.xyz", 100,
                "gardentools.xyz", 100, "omega.com", 1_000);
        double tenth = Math.log(0.1);
        assertTrue(evidence.tldValue("xyz") < 0);
        // Two garden sales, each a tenth of the market: the part of that the TLD explains is taken off.
        assertEquals(2 * (tenth - evidence.tldValue("xyz")) / (2 + PriceEvidence.WORD_PRIOR), evidence.wordValue("garden"), 1e-9);
        assertTrue(evidence.wordValue("garden") > 2 * tenth / (2 + PriceEvidence.WORD_PRIOR));
    }

    @Test
    void shortLabelsAreValuedAsAClassOfTheirLengthKindAndExtension() {
        var evidence = evidence("ab.com", 1_000_000, "xq.com", 500_000, "zz.com", 2_000_000, "12.com", 100_000, "abcd.com", 1_000, "ab.net", 1_000);
        assertTrue(evidence.shortClassValue("gx", "com") > 1, "two letters .com: sold far above the market");
        assertEquals(evidence.shortClassValue("gx", "com"), evidence.shortClassValue("ai", "com"), 1e-12, "one class, whatever the letters");
        assertTrue(evidence.shortClassValue("gx", "com") > evidence.shortClassValue("34", "com"), "digits are a class of their own");
        assertEquals(0, evidence.shortClassValue("gx", "org"), 1e-12, "never sold under .org");
        assertEquals(0, evidence.shortClassValue("garden", "com"), 1e-12, "longer labels have no class");
        assertEquals("#com:3:mixed", PriceEvidence.shortClassKey("a1b", "com"));
        assertEquals("co.uk", PriceEvidence.shortClassTld(PriceEvidence.shortClassKey("7", "co.uk")), "a class key gives its extension back");
    }

    @Test
    void aThinShortClassLeansOnTheClassOneCharacterLonger() {
        // Twenty 4-digit .com sales at $20,000, two 3-digit ones at $400,000, no shorter ones.
        Object[] sales = new Object[44];
        for (int i = 0; i < 20; i++) {
            sales[2 * i] = (1000 + i) + ".com";
            sales[2 * i + 1] = 20_000;
        }
        sales[40] = "360.com";
        sales[41] = 400_000;
        sales[42] = "777.com";
        sales[43] = 400_000;
        var evidence = evidence(sales);
        double fourDigits = evidence.shortClassValue("1234", "com");
        double threeDigits = evidence.shortClassValue("123", "com");
        double ownMean = Math.log(400) - evidence.tldValue("com");
        assertTrue(fourDigits > 0);
        assertTrue(threeDigits > fourDigits && threeDigits < ownMean,
                "two sales move the class from its longer neighbour towards their own mean: " + threeDigits);
        assertEquals(threeDigits, evidence.shortClassValue("12", "com"), 1e-12, "no 2-digit sale: the 3-digit class's value");
        assertEquals(threeDigits, evidence.shortClassValue("7", "com"), 1e-12);
        assertEquals(0, evidence.shortClassValue("12345", "com"), 1e-12, "the longest class has nothing longer to lean on");
    }
}
