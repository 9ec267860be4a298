package domainintel.names;

import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Splits a domain label into words ({@code carinsurance} into {@code car insurance}) by dynamic
 * programming over unigram probabilities: the most probable sequence of words wins. Words outside
 * the lexicon get a probability that falls steeply with length, so gibberish stays one token
 * rather than shattering into letters. Digit runs and hyphens are boundaries of their own.
 */
@Singleton
public class WordSegmenter {
    private static final int MAX_WORD = 24;

    private final Lexicon lexicon;

    public WordSegmenter(Lexicon lexicon) {
        this.lexicon = lexicon;
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
                    words.addAll(segmentLetters(run));
                }
                i = j;
            }
        }
        return words;
    }

    private List<String> segmentLetters(String text) {
        int n = text.length();
        double[] best = new double[n + 1];
        int[] from = new int[n + 1];
        java.util.Arrays.fill(best, Double.NEGATIVE_INFINITY);
        best[0] = 0;
        for (int end = 1; end <= n; end++) {
            for (int start = Math.max(0, end - MAX_WORD); start < end; start++) {
                if (best[start] == Double.NEGATIVE_INFINITY) {
                    continue;
                }
                double score = best[start] + logProbability(text.substring(start, end));
                if (score > best[end]) {
                    best[end] = score;
                    from[end] = start;
                }
            }
        }
        List<String> words = new ArrayList<>();
        for (int end = n; end > 0; end = from[end]) {
            words.add(text.substring(from[end], end));
        }
        Collections.reverse(words);
        return words;
    }

    /** Log probability of a word; single letters other than 'a' and 'i' count as unknown. */
    public double logProbability(String word) {
        long count = lexicon.count(word);
        boolean plausible = word.length() > 1 || word.equals("a") || word.equals("i");
        if (count > 0 && plausible) {
            return Math.log(count / lexicon.total());
        }
        // Norvig's unknown-word model: 10 / (N * 10^length).
        return Math.log(10.0 / lexicon.total()) - word.length() * Math.log(10);
    }
}
