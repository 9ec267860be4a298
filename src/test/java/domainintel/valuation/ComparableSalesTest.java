package domainintel.valuation;

import domainintel.names.DomainName;
import domainintel.names.DomainNames;
import domainintel.sales.Sale;
import domainintel.sales.SalesCsv;
import org.junit.jupiter.api.Test;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The comparable sales of names whose answers can be worked out from the bundled sales by hand. */
class ComparableSalesTest {
    private static final NameProfiler PROFILER = NameProfiler.standalone();
    private static final ComparableSales COMPARABLES = new ComparableSales(PROFILER.segmenter(), PROFILER.english());

    @Test
    void aNameSharingNoWordWithAnySaleIsComparedWithSalesSpelledAlike() {
        var found = COMPARABLES.find(PROFILER.profile(DomainNames.parse("naviro.com")));

        // naviro.de shares the word; the rest share none, and each shares some of naviro's letter trigrams,
        // more alike first (the Dice coefficient of the trigrams at half a word's weight, over 0.3 for the
        // extension and length: above any sale that merely shares those).
        assertEquals(ComparableSales.COUNT, found.size());
        assertEquals("naviro.de", found.get(0).domain());
        Set<String> trigrams = trigrams("naviro");
        for (var c : found.subList(1, found.size())) {
            String label = c.domain().substring(0, c.domain().indexOf('.'));
            assertTrue(trigrams(label).stream().anyMatch(trigrams::contains), () -> found.toString());
            assertTrue(c.similarity() > 0.3, () -> found.toString());
        }
    }

    @Test
    void aNameSpelledLikeHardlyAnySaleIsFilledUpWithTheAlphabeticallyFirstSalesOfItsExtensionAndLength() {
        DomainName name = DomainNames.parse("kzffzqvq.com");
        Set<String> trigrams = trigrams(name.label());
        List<String> spelledAlike = SalesCsv.bundled().stream().map(Sale::domain)
                .filter(d -> trigrams(d.substring(0, d.indexOf('.'))).stream().anyMatch(trigrams::contains)).sorted().toList();
        assertTrue(spelledAlike.size() > 0 && spelledAlike.size() < ComparableSales.COUNT, "precondition: " + spelledAlike);
        var found = COMPARABLES.find(PROFILER.profile(name));

        // First the few sales sharing a trigram, then every bundled .com sale with an eight-character label is
        // equally like it (same extension, same length, nothing else in common): ties go to the alphabetically first.
        List<String> filling = SalesCsv.bundled().stream().map(Sale::domain)
                .filter(domain -> DomainNames.tryParse(domain).filter(d -> d.tld().equals("com") && d.length() == 8).isPresent())
                .filter(domain -> !spelledAlike.contains(domain))
                .sorted(Comparator.naturalOrder()).limit(ComparableSales.COUNT - spelledAlike.size()).toList();
        List<String> domains = found.stream().map(Valuation.Comparable::domain).toList();
        assertEquals(Set.copyOf(spelledAlike), Set.copyOf(domains.subList(0, spelledAlike.size())));
        assertEquals(filling, domains.subList(spelledAlike.size(), ComparableSales.COUNT));
        found.subList(spelledAlike.size(), ComparableSales.COUNT).forEach(c -> assertEquals(0.3, c.similarity()));
    }

    /** Letter trigrams as the comparables read them: the label between ^ and $. */
    private static Set<String> trigrams(String label) {
        String padded = "^" + label + "$";
        Set<String> trigrams = new HashSet<>();
        for (int end = 3; end <= padded.length(); end++) {
            trigrams.add(padded.substring(end - 3, end));
        }
        return trigrams;
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
    void aMisspellingIsComparedWithSalesSpelledAlikeNotWithWordsTheWebWritesAsOften() {
        // bussiness is on the web's list (written 267,372 times) but no English word: beside the one-word .com sales
        // the web writes about as often it had catalogo.com, gaetano.com, tesoro.com ($91,000) and mgcp.com.
        assertTrue(PROFILER.segmenter().isWord("bussiness") && PROFILER.english().rank("bussiness") == 0, "precondition");
        var found = COMPARABLES.find(PROFILER.profile(DomainNames.parse("bussiness.com")));

        assertEquals(ComparableSales.COUNT, found.size());
        Set<String> trigrams = trigrams("bussiness");
        for (var c : found) {
            assertTrue(trigrams(label(c.domain())).stream().anyMatch(trigrams::contains), () -> found.toString());
        }
    }

    @Test
    void aWordNoSaleSharesIsComparedWithSalesOfOneWordAsFrequentUnderItsExtension() {
        // No sold name has the word korea (korean.io reads as korean): by letters alone curea.com and kordio.com were its comparables.
        var segmenter = PROFILER.segmenter();
        assertTrue(SalesCsv.bundled().stream().noneMatch(s -> segmenter.segment(label(s.domain())).contains("korea")));
        var found = COMPARABLES.find(PROFILER.profile(DomainNames.parse("korea.com")));

        assertEquals(ComparableSales.COUNT, found.size());
        assertEquals(ComparableSales.COUNT, found.stream().map(c -> c.domain() + ' ' + c.price()).distinct().count(), () -> found.toString());
        double korea = segmenter.logProbability("korea");
        for (var c : found) {
            String label = label(c.domain());
            assertTrue(c.domain().endsWith(".com") && segmenter.segment(label).equals(List.of(label)) && segmenter.isWord(label), () -> found.toString());
            assertTrue(PROFILER.english().rank(label) > 0, () -> c + ": an English word, not a token the web merely writes");
            assertTrue(Math.abs(segmenter.logProbability(label) - korea) < Math.log(2), () -> c + ": the web writes it about as often as korea");
        }
        for (int i = 1; i < found.size(); i++) {
            assertTrue(found.get(i - 1).similarity() >= found.get(i).similarity(), () -> found.toString());
        }
    }

    @Test
    void aSaleTwoSourcesReportIsOneComparable() {
        // koko.com's $1,000,000 sale is in a weekly report and in the 2024 year-end chart.
        assertEquals(2, SalesCsv.bundled().stream().filter(s -> s.domain().equals("koko.com") && s.priceUsd() == 1_000_000).count());
        var found = COMPARABLES.find(PROFILER.profile(DomainNames.parse("koko.com")));

        assertEquals(1, found.stream().filter(c -> c.domain().equals("koko.com")).count(), () -> found.toString());
    }

    private static String label(String domain) {
        return domain.substring(0, domain.indexOf('.'));
    }

    @Test
    void anExtensionWithNoSalesOfTheLengthStillAnswersWithoutFailing() {
        Optional<DomainName> name = DomainNames.tryParse("qzvxkjwqzvxkjwqzvxkjwqzvxkjwqzvxkjwqzvxkjwqzvxkjw.museum");
        assertTrue(name.isPresent());
        assertTrue(COMPARABLES.find(PROFILER.profile(name.get())).size() <= ComparableSales.COUNT);
    }
}
