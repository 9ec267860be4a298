package domainintel.valuation;

import domainintel.names.DomainNames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Feature extraction on names whose answers are known. */
class NameProfilerTest {
    private static final NameProfiler PROFILER = NameProfiler.standalone();

    private static NameProfile profile(String name) {
        return PROFILER.profile(DomainNames.parse(name));
    }

    @Test
    void segmentsCarInsurance() {
        var p = profile("carinsurance.com");
        assertEquals(List.of("car", "insurance"), p.segments());
        assertEquals(1.0, p.knownLetters());
        assertEquals("finance", p.category());
        assertEquals("english", p.language());
        assertTrue(p.englishPhrase(), "car insurance is a term of its own");
        assertFalse(profile("insurancecar.com").englishPhrase(), "the same words, merely meeting");
    }

    @Test
    void anIdnInTheLatinScriptIsReadAsItsLettersWithoutAccents() {
        var p = profile("münchen.de");
        assertEquals("xn--mnchen-3ya", p.name().label(), "stored and matched in its A-label");
        assertEquals(0, p.hyphens());
        assertEquals(0, p.digits());
        assertFalse(p.segments().contains("xn"), p.segments().toString());
        assertEquals(String.join("", p.segments()), "munchen");
        assertEquals(List.of("cafe"), profile("café.com").segments());
        // Latin letters that are no accented a-z are spelled as in ASCII (IDNA2008 keeps straße apart from strasse).
        assertEquals("strasse", profile("straße.de").name().reading());
        assertEquals("xn--strae-oqa", profile("straße.de").name().label());
        assertEquals("lodz", profile("łódź.pl").name().reading());
        // ... and the model is told it is such a name: hotèls.com reads as hotels, but is another name.
        assertTrue(profile("hotèls.com").latinIdn());
        assertFalse(profile("hotels.com").latinIdn());
        assertFalse(profile("xn--80a.net").latinIdn(), "a script read in its A-label");
        // A script the word lists do not know stays in its A-label.
        assertEquals(profile("xn--80a.net").name().label(), profile("xn--80a.net").name().reading());
    }

    /** A compound the web writes as one token is read on its two words too, as when its words stand apart. */
    @ParameterizedTest
    @CsvSource({
            "realestate.com,  real-estate, english",
            "real-estate.com, real-estate, english",
            "creditcard.com,  finance,     english",
            "carpet.com,      general,     english",
    })
    void aCompoundWrittenAsOneIsReadOnItsWords(String name, String category, String language) {
        var p = profile(name);
        assertEquals(category, p.category(), p.segments().toString());
        assertEquals(language, p.language(), p.segments().toString());
    }

    @ParameterizedTest
    @CsvSource({"abc.com, VCC", "xyz.net, CVC", "1234.com, NNNN", "bobo.io, CVCV", "a-1.com, V-N", "carinsurance.com, long"})
    void characterShapes(String name, String shape) {
        assertEquals(shape, profile(name).shape());
    }

    @Test
    void countsDigitsHyphensAndConsonantRuns() {
        var p = profile("best-4x4-trucks.com");
        assertEquals(2, p.digits());
        assertEquals(2, p.hyphens());
        assertEquals(List.of("best", "4", "x", "4", "trucks"), p.segments());
        assertEquals(3, profile("strong.com").longestConsonantRun());
    }

    @Test
    void countsTheDifferentDigitsOfANumberOnly() {
        assertEquals(1, profile("6666666.com").distinctDigits());
        assertEquals(2, profile("88889.com").distinctDigits());
        assertEquals(0, profile("zzzzzz.com").distinctDigits(), "letters");
        assertEquals(0, profile("web3.com").distinctDigits(), "not a number");
    }

    @Test
    void realWordsSoundMoreEnglishThanGibberish() {
        double word = PROFILER.pronounceabilityScore("garden");
        double invented = PROFILER.pronounceabilityScore("lumora");
        double gibberish = PROFILER.pronounceabilityScore("xqzvtk");
        assertTrue(word > invented && invented > gibberish, word + " " + invented + " " + gibberish);
        assertTrue(gibberish < 0.3 && word > 0.6, word + " " + gibberish);
    }

    @Test
    void firstNamesAndLanguages() {
        assertEquals(2, profile("ellie.com").firstName());
        assertEquals(1, profile("ellieshop.com").firstName());
        assertEquals(0, profile("garden.com").firstName());
        assertEquals("spanish", profile("casaplaya.com").language());
        assertEquals("german", profile("schnellgeld.de").language());
    }

    @Test
    void wordFrequencyFeatures() {
        var common = profile("home.com");
        var rare = profile("zyxomat.com");
        assertTrue(common.labelLog10() > 8, "home is among the most frequent web words");
        assertEquals(0, rare.labelLog10());
        assertTrue(common.labelWikiRank() > 0 && common.labelWikiRank() < 1000);
        assertEquals(0, rare.labelWikiRank());
    }

    @Test
    void phraseFrequencyIsTheLabelsOwnCountOrItsWordsMeetingByChance() {
        assertEquals(profile("home.com").labelLog10(), profile("home.com").phraseLog10(), 1e-12, "one word: its own count");
        var compound = profile("greenhouseparty.com");
        assertEquals(0, compound.labelLog10(), "no such token on the web list");
        assertTrue(compound.phraseLog10() > 0, "made of known words, it has a chance count");
        assertTrue(compound.phraseLog10() < compound.minWordLog10(), "a phrase is rarer than its rarest word");
        assertEquals(0, profile("zyxomat.com").phraseLog10(), "no known words, no phrase count");
    }
}
