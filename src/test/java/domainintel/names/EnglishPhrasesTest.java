package domainintel.names;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A label spells a phrase English uses as one term, run together, hyphenated or plural; words that merely meet do not. */
class EnglishPhrasesTest {
    private static final EnglishPhrases PHRASES = new EnglishPhrases();

    @ParameterizedTest
    @ValueSource(strings = {"carinsurance", "creditcards", "car-insurance", "realestate", "lasvegas", "icecream", "healthinsurance"})
    void spellsAPhrase(String label) {
        assertTrue(PHRASES.spells(label), label);
    }

    @ParameterizedTest
    @ValueSource(strings = {"insurancecar", "bestpizza", "greenenergy", "insurance", "car", "kjhqwe", "best-car-insurance-24", "s"})
    void wordsThatMerelyMeetOrOneWordSpellNone(String label) {
        assertFalse(PHRASES.spells(label), label);
    }
}
