package domainintel.names;

import domainintel.sales.SalesCsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compounds split into their words and an unknown part splits off a word; random letters stay one
 * unknown token instead of a run of two-letter codes.
 */
class WordSegmenterTest {
    private static final Lexicon LEXICON = new Lexicon();
    private static final WordSegmenter SEGMENTER = new WordSegmenter(LEXICON, new Pronounceability(new EnglishWords()));

    @ParameterizedTest
    @CsvSource({
            "carinsurance,    car insurance",
            "greenenergy,     green energy",
            "vacationrentals, vacation rentals",
            "cloudstorage,    cloud storage",
            "mytv,            my tv",
            "iphone,          i phone",
            "bestbuy,         bestbuy",
            "myspace,         myspace",
            "gotomeeting,     gotomeeting",
            "uplift,          uplift",
            "best-4x4-trucks, best 4 x 4 trucks",
    })
    void compoundsSplitIntoTheirWords(String label, String words) {
        assertEquals(List.of(words.split(" ")), SEGMENTER.segment(label));
    }

    @ParameterizedTest
    @ValueSource(strings = {"rygmly", "ylxugh", "rxgafq", "genzjt", "yuujpd"})
    void randomLettersStayOneToken(String label) {
        assertEquals(List.of(label), SEGMENTER.segment(label));
    }

    @Test
    void fewRandomStringsReadAsWords() {
        var random = new Random(42);
        int allWords = 0;
        for (int i = 0; i < 1_000; i++) {
            var label = new StringBuilder();
            for (int n = 6 + random.nextInt(5); n > 0; n--) {
                label.append((char) ('a' + random.nextInt(26)));
            }
            List<String> tokens = SEGMENTER.segment(label.toString());
            if (tokens.stream().allMatch(LEXICON::isWord)) {
                allWords++;
            }
            for (int t = 1; t < tokens.size(); t++) {
                assertTrue(LEXICON.isWord(tokens.get(t - 1)) || LEXICON.isWord(tokens.get(t)), "two unknown tokens side by side in " + tokens);
            }
        }
        // With every listed token a word, more than half of them read as runs of two-letter codes (562 of 1,000 split).
        assertTrue(allWords < 20, allWords + " of 1,000 random strings read entirely as words");
    }

    @ParameterizedTest
    @CsvSource({"llmlabs, llm labs", "zeusgpt, zeus gpt", "pmtlaw, pmt law"})
    void anUnknownTokenBesideAWordSplitsOff(String label, String tokens) {
        assertEquals(List.of(tokens.split(" ")), SEGMENTER.segment(label));
    }

    /**
     * A and i are words only beside words: beside a lone letter or an unknown token they are letters of it
     * (openai read as open + a + i, and ai.io as the two words a + i).
     */
    @ParameterizedTest
    @CsvSource({
            "openai,   open ai",
            "chatai,   chat ai",
            "ai,       ai",
            "aitools,  ai tools",
            "talentia, talent ia",
            "kavanti,  kavanti",
            "ilove,    i love",
            "abook,    a book",
            "ebay,     ebay",
    })
    void aOneLetterWordStandsOnlyBesideWords(String label, String tokens) {
        assertEquals(List.of(tokens.split(" ")), SEGMENTER.segment(label));
    }

    @Test
    void noBundledSaleReadsAsLoneLettersSideBySide() {
        int runs = 0;
        for (var sale : SalesCsv.bundled()) {
            var name = DomainNames.tryParse(sale.domain());
            if (name.isEmpty()) {
                continue;
            }
            // Hyphens and digits are boundaries the name's owner wrote (a-r-c.com): only runs of letters are read.
            for (String letters : name.get().label().split("[^a-z]+")) {
                if (letters.isEmpty()) {
                    continue;
                }
                runs++;
                List<String> tokens = SEGMENTER.segment(letters);
                for (int t = 1; t < tokens.size(); t++) {
                    assertFalse(tokens.get(t - 1).length() == 1 && tokens.get(t).length() == 1,
                            sale.domain() + " reads as " + tokens);
                }
            }
        }
        assertTrue(runs > 30_000, runs + " runs of letters");
    }

    @Test
    void shortTokensAreWordsOnlyWhenFrequent() {
        for (String word : List.of("a", "i", "my", "go", "up", "tv", "ok", "car", "fun", "web", "spa", "owl")) {
            assertTrue(LEXICON.isWord(word), word);
        }
        for (String code : List.of("x", "gm", "rx", "fq", "uj", "wcm", "cnx", "zzq")) {
            assertFalse(LEXICON.isWord(code), code);
        }
        assertTrue(LEXICON.isWord("zeal") && LEXICON.isWord("insurance"));
        assertTrue(SEGMENTER.logProbability("gm") < SEGMENTER.logProbability("my"));
    }
}
