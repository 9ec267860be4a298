package domainintel.names;

import jakarta.inject.Singleton;

/**
 * How English-like a string of letters sounds: the average log probability of its letter
 * trigrams (with word-boundary marks) under a model of the 30,000 most frequent English words,
 * add-one smoothed. "lumora" scores near real words; "xqzt" far below. And how many of its
 * trigrams English hardly ever spells ({@link #rareTrigrams}): an average hides one such slip
 * among fluent letters, which is what tells the most English-looking random strings from names.
 */
@Singleton
public class Pronounceability {
    private static final int TRAINING_WORDS = 30_000;
    private static final int ALPHABET = 27; // a-z and the boundary mark
    private static final int BOUNDARY = 26;
    /** The vocabulary a trigram must be spelled in to be ordinary: wide, so that rare-but-real words count. */
    private static final int SPELLING_WORDS = 100_000;
    /**
     * A trigram inside fewer words than this is rare: 2.4% of uniformly random 6–10 letter strings
     * have none, against 74% of names sold at auction of those lengths and 83% of retail ones.
     */
    static final int RARE_BELOW_WORDS = 5;

    private final float[] logProbability = new float[ALPHABET * ALPHABET * ALPHABET];
    /** Per letter trigram (no boundary marks), whether fewer than {@link #RARE_BELOW_WORDS} words contain it. */
    private final boolean[] rare = new boolean[26 * 26 * 26];

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
        int[] wordsContaining = new int[rare.length];
        int[] lastWord = new int[rare.length];
        int index = 0;
        for (String word : english.mostFrequent(SPELLING_WORDS)) {
            index++;
            for (int i = 0; i + 2 < word.length(); i++) {
                int t = trigram(word, i);
                // Once per word: "banana" spells "ana" twice but is one word that spells it.
                if (t >= 0 && lastWord[t] != index) {
                    lastWord[t] = index;
                    wordsContaining[t]++;
                }
            }
        }
        for (int i = 0; i < rare.length; i++) {
            rare[i] = wordsContaining[i] < RARE_BELOW_WORDS;
        }
    }

    /** The index of the letter trigram at {@code i}, or -1 when it holds anything but a-z. */
    private static int trigram(String text, int i) {
        int a = text.charAt(i) - 'a';
        int b = text.charAt(i + 1) - 'a';
        int c = text.charAt(i + 2) - 'a';
        if ((a | b | c) < 0 || a >= 26 || b >= 26 || c >= 26) {
            return -1;
        }
        return (a * 26 + b) * 26 + c;
    }

    /** How many letter trigrams of {@code text} (digits and hyphens break them) English hardly ever spells. */
    public int rareTrigrams(String text) {
        int count = 0;
        for (int i = 0; i + 2 < text.length(); i++) {
            int t = trigram(text, i);
            if (t >= 0 && rare[t]) {
                count++;
            }
        }
        return count;
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
