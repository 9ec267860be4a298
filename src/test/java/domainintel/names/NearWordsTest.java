package domainintel.names;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A typo of a common word finds the word one slip away, far more frequent; a word, or a label of digits, finds none. */
class NearWordsTest {
    private static final NearWords NEAR = new NearWords(new Lexicon());

    @ParameterizedTest
    @CsvSource({"hotles,hotels", "gooogle,google", "insurnace,insurance", "bussiness,business", "gardn,garden", "wether,whether"})
    void aSlipOfOneLetterFindsTheWord(String label, String word) {
        var near = NEAR.of(label);
        assertEquals(word, near.word(), label);
        // Each word is written at least a hundred times as often as the typo (gooogle itself is on the web list).
        assertTrue(near.log10Lift() > 2, label + " " + near.log10Lift());
    }

    @ParameterizedTest
    @ValueSource(strings = {"garden", "insurance", "google", "weather", "business"})
    void aCommonWordIsNoSlip(String label) {
        assertTrue(NEAR.of(label).log10Lift() < 1, label + " " + NEAR.of(label));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "a1b2c3", "best-shoes", "kjhqwxzv", "xkcdqwpzxkcdqwpzxkcdq"})
    void shortLabelsDigitsHyphensAndLettersFarFromAnyWordHaveNone(String label) {
        var near = NEAR.of(label);
        assertNull(near.word(), label);
        assertEquals(0, near.log10Lift());
    }

    @Test
    void theLabelsOwnFrequencyCountsAgainstTheWords() {
        // "hotel" is a word in its own right: "hotels" one letter away is not a thousand times more frequent.
        assertTrue(NEAR.of("hotel").log10Lift() < 1);
    }
}
