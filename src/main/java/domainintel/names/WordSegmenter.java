package domainintel.names;

import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Splits a domain label into words ({@code carinsurance} into {@code car insurance}) by dynamic
 * programming over unigram probabilities: the most probable sequence of words wins. A span that is
 * no word ({@link Lexicon#isWord}) is scored as one unknown token spelled by the English letter
 * model: P(unknown) × P(its letters), so a span is read as a word only where the word is likelier
 * than its letters as a spelling ({@code labs} in llmlabs: yes; {@code ry}, {@code gm}, {@code ly}
 * in rygmly: no, they are codes, not words), and gibberish stays one token rather than shattering.
 * Norvig's flat model (10 / (N × 10^length)) priced every unknown span by length alone, which made a
 * run of listed codes likelier than any six unknown letters. Digit runs and hyphens are boundaries
 * of their own.
 */
@Singleton
public class WordSegmenter {
    private static final int MAX_WORD = 24;

    private final Lexicon lexicon;
    private final Pronounceability letters;
    private final double logUnknown;

    public WordSegmenter(Lexicon lexicon, Pronounceability letters) {
        this.lexicon = lexicon;
        this.letters = letters;
        // Norvig's chance that a token is one the list does not hold: ten in the whole corpus.
        this.logUnknown = Math.log(10.0 / lexicon.total());
    }

    public List<String> segment(String label) {
        List<String> words = new ArrayList<>();
        for (String part : label.split("-")) {
            int i = 0;
            while (i < part.length()) {
                int j = i;
                boolean digits = Character.isDigit(part.charAt(i));
                while (j < part.length() && Character.isDigit(part.charAt(j)) == digits) {
                    j++;
                }
                String run = part.substring(i, j);
                if (digits) {
                    words.add(run);
                } else {
                    words.addAll(joinLooseRuns(segmentLetters(run)));
                }
                i = j;
            }
        }
        return words;
    }

    /**
     * The most probable reading of a run of letters as words and unknown tokens, two unknown tokens
     * never side by side (they would be one): without that rule the letter model, which starts
     * afresh at every token, gains more from cutting gibberish at its least English spots than an
     * extra unknown token costs, and {@code vdnpaz} would read as vdn + paz.
     */
    private List<String> segmentLetters(String text) {
        int n = text.length();
        // [0]: best reading of the first i letters ending in a word (or nothing), [1]: ending in an unknown token.
        double[][] best = new double[2][n + 1];
        int[][] from = new int[2][n + 1];
        int[][] fromState = new int[2][n + 1];
        java.util.Arrays.fill(best[0], Double.NEGATIVE_INFINITY);
        java.util.Arrays.fill(best[1], Double.NEGATIVE_INFINITY);
        best[0][0] = 0;
        for (int end = 1; end <= n; end++) {
            for (int start = 0; start < end; start++) {
                String token = text.substring(start, end);
                if (lexicon.isWord(token)) {
                    if (end - start > MAX_WORD) {
                        continue;
                    }
                    int previous = best[1][start] > best[0][start] ? 1 : 0;
                    double score = best[previous][start] + wordLogProbability(token);
                    if (score > best[0][end]) {
                        best[0][end] = score;
                        from[0][end] = start;
                        fromState[0][end] = previous;
                    }
                } else if (best[0][start] != Double.NEGATIVE_INFINITY) {
                    double score = best[0][start] + unknownLogProbability(token);
                    if (score > best[1][end]) {
                        best[1][end] = score;
                        from[1][end] = start;
                        fromState[1][end] = 0;
                    }
                }
            }
        }
        List<String> words = new ArrayList<>();
        int state = best[1][n] > best[0][n] ? 1 : 0;
        for (int end = n; end > 0; ) {
            int start = from[state][end];
            words.add(text.substring(start, end));
            state = fromState[state][end];
            end = start;
        }
        Collections.reverse(words);
        return words;
    }

    /**
     * The reading with every run of side-by-side tokens that are not words of two letters or more
     * made one token: {@code a} and {@code i} are words by frequency, but beside a lone letter or an
     * unknown token they are letters of it, not words ({@code openai}: open + ai, not open + a + i;
     * {@code talentia}: talent + ia; {@code kavanti}, not kavant + i). Beside a word they stay words
     * (i + phone, a + book). The joined token is an unknown token like any other, and since the runs
     * are whole, no two unknown tokens end up side by side. The reading is joined after the search
     * rather than the search forbidding such neighbours: an unknown token costs so much more than
     * one-letter words that, forbidden a + i, the search shatters the letters around them into
     * whatever short words it finds instead (aitoken as a + it + ok + en, superai as sup + era + i).
     */
    private List<String> joinLooseRuns(List<String> tokens) {
        List<String> joined = new ArrayList<>(tokens.size());
        StringBuilder run = new StringBuilder();
        int runTokens = 0;
        for (String token : tokens) {
            if (token.length() == 1 || !lexicon.isWord(token)) {
                run.append(token);
                runTokens++;
                continue;
            }
            if (runTokens > 0) {
                joined.add(run.toString());
                run.setLength(0);
                runTokens = 0;
            }
            joined.add(token);
        }
        if (runTokens > 0) {
            joined.add(run.toString());
        }
        return joined;
    }

    /**
     * The two words, of three letters or more, a word that the web writes as one token is most probably made of
     * ({@code sportsbook}: sports + book, {@code lasvegas}: las + vegas), or nothing when it is not two words run
     * together. {@link #segment} reads such a token as one word, as the web writes it; this says what it is made of.
     */
    public List<String> splitInTwo(String word) {
        List<String> best = List.of();
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int at = 3; at <= word.length() - 3; at++) {
            String first = word.substring(0, at);
            String second = word.substring(at);
            if (lexicon.isWord(first) && lexicon.isWord(second)) {
                double score = wordLogProbability(first) + wordLogProbability(second);
                if (score > bestScore) {
                    bestScore = score;
                    best = List.of(first, second);
                }
            }
        }
        return best;
    }

    /** Whether the token reads as a word (see {@link Lexicon#isWord}). */
    public boolean isWord(String token) {
        return lexicon.isWord(token);
    }

    /** Log probability of a token: its unigram probability if it is a word, else that of an unknown token with its letters. */
    public double logProbability(String word) {
        return lexicon.isWord(word) ? wordLogProbability(word) : unknownLogProbability(word);
    }

    private double wordLogProbability(String word) {
        return Math.log(lexicon.count(word) / lexicon.total());
    }

    private double unknownLogProbability(String token) {
        return logUnknown + letters.logProbabilityPerLetter(token) * (token.length() + 1);
    }
}
