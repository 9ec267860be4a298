package domainintel.valuation;

import domainintel.names.DomainName;
import domainintel.names.DomainNames;
import domainintel.sales.Sale;
import domainintel.sales.SalesCsv;
import org.junit.jupiter.api.Test;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The comparable sales of names whose answers can be worked out from the bundled sales by hand. */
class ComparableSalesTest {
    private static final NameProfiler PROFILER = NameProfiler.standalone();
    private static final ComparableSales COMPARABLES = new ComparableSales(PROFILER.segmenter());

    @Test
    void aNameSharingNoWordWithAnySaleGetsTheAlphabeticallyFirstSalesOfItsExtensionAndLength() {
        DomainName name = DomainNames.parse("qzvxkjw.com");
        var found = COMPARABLES.find(PROFILER.profile(name));

        // Every bundled .com sale with a seven-character label is equally like it (same extension, same length, no
        // word in common); ties go to the alphabetically first name, so these five, whatever their order in the file.
        List<String> expected = SalesCsv.bundled().stream().map(Sale::domain)
                .filter(domain -> DomainNames.tryParse(domain).filter(d -> d.tld().equals("com") && d.length() == 7).isPresent())
                .sorted(Comparator.naturalOrder()).limit(ComparableSales.COUNT).toList();
        assertEquals(expected, found.stream().map(Valuation.Comparable::domain).toList());
        found.forEach(c -> assertEquals(0.3, c.similarity()));
    }

    @Test
    void salesSharingAWordRankAboveSalesThatMerelyShareTheExtensionAndLength() {
        var found = COMPARABLES.find(PROFILER.profile(DomainNames.parse("pizzaqzvx.com")));

        assertEquals(ComparableSales.COUNT, found.size());
        assertTrue(found.get(0).domain().contains("pizza"), () -> found.toString());
        for (int i = 1; i < found.size(); i++) {
            assertTrue(found.get(i - 1).similarity() >= found.get(i).similarity(), () -> found.toString());
        }
    }

    @Test
    void aCompoundTheWebWritesAsOneWordIsComparedByItsTwoWords() {
        // The segmenter reads sportsbook as the one word the web list has; no sold name has that word.
        assertEquals(List.of("sportsbook"), PROFILER.segmenter().segment("sportsbook"));
        assertTrue(SalesCsv.bundled().stream().noneMatch(s -> s.domain().startsWith("sportsbook.")));
        var found = COMPARABLES.find(PROFILER.profile(DomainNames.parse("sportsbook.com")));

        assertEquals(ComparableSales.COUNT, found.size());
        found.forEach(c -> assertTrue(c.domain().contains("sports") || c.domain().contains("book"), () -> found.toString()));
        assertEquals(List.of("sports", "book"), PROFILER.segmenter().splitInTwo("sportsbook"));
        assertEquals(List.of(), PROFILER.segmenter().splitInTwo("qzvxkjw"));
    }

    @Test
    void anExtensionWithNoSalesOfTheLengthStillAnswersWithoutFailing() {
        Optional<DomainName> name = DomainNames.tryParse("qzvxkjwqzvxkjwqzvxkjwqzvxkjwqzvxkjwqzvxkjwqzvxkjw.museum");
        assertTrue(name.isPresent());
        assertTrue(COMPARABLES.find(PROFILER.profile(name.get())).size() <= ComparableSales.COUNT);
    }
}
