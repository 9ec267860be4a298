package domainintel.valuation;

import domainintel.names.DomainNames;
import domainintel.sales.Market;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The committed model artifact: it loads, its attributions add up, and it ranks names sensibly. */
class ValuationModelTest {
    private static final ValuationModel MODEL = ModelArtifact.loadBundled();
    private static final NameProfiler PROFILER = NameProfiler.standalone();

    private static ValuationModel.Estimate estimate(String name, Market market) {
        return MODEL.estimate(PROFILER.profile(DomainNames.parse(name)), market);
    }

    @Test
    void contributionsAddUpToTheEstimate() {
        var profile = PROFILER.profile(DomainNames.parse("carinsurance.com"));
        var estimate = MODEL.estimate(profile, Market.RETAIL);
        assertEquals(Feature.values().length + 1, estimate.contributions().length);
        assertEquals(estimate.logValue(), Arrays.stream(estimate.contributions()).sum(), 1e-9);
        assertEquals(MODEL.predictLog(profile, Market.RETAIL), estimate.logValue(), 1e-9);
    }

    @Test
    void rangesBracketTheEstimate() {
        for (Market market : Market.values()) {
            var e = estimate("lumora.io", market);
            assertTrue(e.logLow() < e.logValue() && e.logValue() < e.logHigh(), market.name());
        }
    }

    @Test
    void retailPricesAboveWholesale() {
        for (String name : new String[]{"carinsurance.com", "lumora.io", "x7-q9.info"}) {
            assertTrue(estimate(name, Market.RETAIL).logValue() > estimate(name, Market.WHOLESALE).logValue(), name);
        }
    }

    @Test
    void aShortCommonWordDotComOutranksLongHyphenatedJunk() {
        double premium = estimate("garden.com", Market.RETAIL).logValue();
        double junk = estimate("best-cheap-4u-online-deals-24.info", Market.RETAIL).logValue();
        assertTrue(premium > junk + 1, premium + " vs " + junk);
    }

    @Test
    void dollarsRoundToTwoSignificantFigures() {
        assertEquals(12_000, Valuator.dollars(Math.log(11_873)));
        assertEquals(350, Valuator.dollars(Math.log(347)));
        assertEquals(7, Valuator.dollars(Math.log(7.2)));
    }
}
