package domainintel.names;

import jakarta.inject.Singleton;

/**
 * How English-like a string of letters sounds: the average log probability of its letter
 * trigrams (with word-boundary marks) under a model of the 30,000 most frequent English words,
 * add-one smoothed. "lumora" scores near real words; "xqzt" far below.
 */
@Singleton
public class Pronounceability {
    private static final int TRAINING_WORDS = 30_000;
    private static final int ALPHABET = 27; // a-z and the boundary mark
    private static final int BOUNDARY = 26;

    private final float[] logProbability = new float[ALPHABET * ALPHABET * ALPHABET];

    public Pronounceability(EnglishWords english) {
        int[] trigrams = new int[ALPHABET * ALPHABET * ALPHABET];
        int[] bigrams = new int[ALPHABET * ALPHABET];
        for (String word : english.mostFrequent(TRAINING_WORDS)) {
            if (!word.chars().allMatch(c -> c >= 'a' && c <= 'z')) {
                continue;
            }
            int a = BOUNDARY;
            int b = BOUNDARY;
            for (int i = 0; i <= word.length(); i++) {
                int c = i < word.length() ? word.charAt(i) - 'a' : BOUNDARY;
                trigrams[(a * ALPHABET + b) * ALPHABET + c]++;
                bigrams[a * ALPHABET + b]++;
                a = b;
                b = c;
            }
        }
        for (int i = 0; i < trigrams.length; i++) {
            logProbability[i] = (float) Math.log((trigrams[i] + 1.0) / (bigrams[i / ALPHABET] + ALPHABET));
        }
    }

    /**
     * Mean natural-log probability per letter of the letters of {@code text} (other characters split words); 0 for none.
     * Scanned by hand, not split with a regex: the segmenter asks for every span of every label (38,000 sold names
     * at start-up for the comparables index), and the split cost more than the arithmetic.
     */
    public double logProbabilityPerLetter(String text) {
        double sum = 0;
        int n = 0;
        for (int i = 0; i < text.length(); ) {
            if (!isLetter(text.charAt(i))) {
                i++;
                continue;
            }
            int a = BOUNDARY;
            int b = BOUNDARY;
            for (; ; i++) {
                int c = i < text.length() && isLetter(text.charAt(i)) ? text.charAt(i) - 'a' : BOUNDARY;
                sum += logProbability[(a * ALPHABET + b) * ALPHABET + c];
                n++;
                if (c == BOUNDARY) {
                    break;
                }
                a = b;
                b = c;
            }
        }
        return n == 0 ? 0 : sum / n;
    }

    private static boolean isLetter(char c) {
        return c >= 'a' && c <= 'z';
    }

    /** The same on a 0-1 scale: about 1 for ordinary English words, 0 for unpronounceable strings. */
    public double score(String text) {
        double perLetter = logProbabilityPerLetter(text);
        if (perLetter == 0) {
            return 0;
        }
        // Common English words average about -1.9 per letter; random letters about -4.5.
        return Math.max(0, Math.min(1, (perLetter + 4.5) / 2.6));
    }
}
