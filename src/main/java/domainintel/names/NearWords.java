package domainintel.names;

import jakarta.inject.Singleton;

/**
 * The most frequent English word one slip away from a label (a letter dropped, added, replaced, or two
 * neighbours swapped), and how much more often the web writes that word than the label itself.
 *
 * <p>Why: a typo of a common word ({@code hotles}, {@code insurnace}, {@code bussiness}) segments into
 * fragments that read like a compound or a coined brand, and was valued like one (hotles.com at $10,000).
 * What gives it away is a word the web writes hundreds of times more often one slip away. A brand that
 * plays on a word (speakr, pleaze) shows the same sign, which is why this is an input the models weigh
 * against the sold names, not a rule: 4% of the bundled sold labels have a word 100 times more frequent
 * one slip away, against every single-slip typo of a common word.
 *
 * <p>A label of ten letters has about 550 one-slip spellings. Making each a {@code String} and looking it
 * up cost 165 µs a label (33 ms for a bulk request of 200), so the words are kept in a table of 64-bit
 * polynomial hashes, and each spelling's hash is composed from the label's prefix and suffix hashes
 * without building it; a bit set of the words' hashes, small enough to stay in cache, rules out most
 * spellings, and only a hit is spelt out and compared: 4-8 µs a label.
 */
@Singleton
public class NearWords {
    /** Words this short have too many one-slip neighbours among codes and fragments to say anything. */
    static final int SHORTEST = 4;
    /** Labels longer than this are phrases, not slips of one word. */
    static final int LONGEST = 20;
    private static final long BASE = 0x9E3779B97F4A7C15L;
    private static final int FILTER_BITS_LOG2 = 22;

    private final Lexicon lexicon;
    private final long[] hashes;
    private final String[] words;
    private final long[] counts;
    private final int mask;
    /** One bit per word hash (its top bits), so that a spelling no word has is told apart in cache. */
    private final long[] filter = new long[1 << (FILTER_BITS_LOG2 - 6)];

    public NearWords(Lexicon lexicon) {
        this.lexicon = lexicon;
        int size = Integer.highestOneBit(lexicon.size() * 2) * 2;
        this.hashes = new long[size];
        this.words = new String[size];
        this.counts = new long[size];
        this.mask = size - 1;
        lexicon.forEachWord((word, count) -> {
            if (word.length() >= SHORTEST && word.length() <= LONGEST + 1 && letters(word)) {
                long h = occupied(hash(word));
                int slot = slot(h);
                while (hashes[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                hashes[slot] = h;
                filter[filterBit(h) >>> 6] |= 1L << filterBit(h);
                words[slot] = word;
                counts[slot] = count;
            }
        });
    }

    /** A word one slip away, and log10 of its web count over the label's own (the list's least count if absent). */
    public record NearWord(String word, double log10Lift) {
        static final NearWord NONE = new NearWord(null, 0);
    }

    /** {@link NearWord#NONE} for labels of anything but letters, too short or too long, or with no more frequent neighbour. */
    public NearWord of(String label) {
        int n = label.length();
        if (n < SHORTEST || n > LONGEST || !letters(label)) {
            return NearWord.NONE;
        }
        char[] c = label.toCharArray();
        long[] pow = new long[n + 2];
        pow[0] = 1;
        for (int i = 1; i < pow.length; i++) {
            pow[i] = pow[i - 1] * BASE;
        }
        long[] prefix = new long[n + 1];
        for (int i = 0; i < n; i++) {
            prefix[i + 1] = prefix[i] * BASE + c[i];
        }
        long[] suffix = new long[n + 1];
        for (int i = n - 1; i >= 0; i--) {
            suffix[i] = c[i] * pow[n - 1 - i] + suffix[i + 1];
        }
        var best = new Best(label);
        for (int i = 0; i < n; i++) {
            if (n - 1 >= SHORTEST) {
                best.offer(prefix[i] * pow[n - 1 - i] + suffix[i + 1], DROP, i, ' ');
            }
            for (char x = 'a'; x <= 'z'; x++) {
                if (x != c[i]) {
                    best.offer(prefix[i] * pow[n - i] + x * pow[n - 1 - i] + suffix[i + 1], REPLACE, i, x);
                }
            }
            if (i + 1 < n && c[i] != c[i + 1]) {
                best.offer(prefix[i] * pow[n - i] + c[i + 1] * pow[n - 1 - i] + c[i] * pow[n - 2 - i] + suffix[i + 2], SWAP, i, ' ');
            }
        }
        for (int i = 0; i <= n; i++) {
            for (char x = 'a'; x <= 'z'; x++) {
                best.offer(prefix[i] * pow[n - i + 1] + x * pow[n - i] + suffix[i], ADD, i, x);
            }
        }
        if (best.word == null) {
            return NearWord.NONE;
        }
        long own = lexicon.count(label);
        double lift = Math.log10(best.count) - Math.log10(own > 0 ? own : lexicon.leastCount());
        return lift > 0 ? new NearWord(best.word, lift) : NearWord.NONE;
    }

    private static final int DROP = 0;
    private static final int REPLACE = 1;
    private static final int SWAP = 2;
    private static final int ADD = 3;

    /** The label with one slip at {@code at}: {@code x} replacing or added there, the letter there dropped or swapped with the next. */
    private static String spell(String label, int slip, int at, char x) {
        return switch (slip) {
            case DROP -> label.substring(0, at) + label.substring(at + 1);
            case REPLACE -> label.substring(0, at) + x + label.substring(at + 1);
            case SWAP -> label.substring(0, at) + label.charAt(at + 1) + label.charAt(at) + label.substring(at + 2);
            default -> label.substring(0, at) + x + label.substring(at);
        };
    }

    private final class Best {
        final String label;
        String word;
        long count;

        Best(String label) {
            this.label = label;
        }

        /**
         * A spelling by its hash, and how to spell it: it is spelt out only when a word has that hash.
         * Most spellings are no word, and the filter's bit (a 512 KB bit set, in cache) says so without
         * a trip to the 2 MB table.
         */
        void offer(long spelt, int slip, int at, char x) {
            long h = occupied(spelt);
            if ((filter[filterBit(h) >>> 6] & (1L << filterBit(h))) == 0) {
                return;
            }
            for (int slot = slot(h); hashes[slot] != 0; slot = (slot + 1) & mask) {
                if (hashes[slot] == h && counts[slot] > count) {
                    String candidate = spell(label, slip, at, x);
                    if (candidate.equals(words[slot])) {
                        count = counts[slot];
                        word = candidate;
                    }
                }
            }
        }
    }

    private static int filterBit(long h) {
        return (int) (h >>> (64 - FILTER_BITS_LOG2));
    }

    /** 0 marks an empty slot, so a hash of 0 (one in 2^64) is stored and looked up as 1. */
    private static long occupied(long h) {
        return h == 0 ? 1 : h;
    }

    private int slot(long h) {
        return (int) ((h ^ (h >>> 29) ^ (h >>> 47)) & mask);
    }

    private static long hash(String s) {
        long h = 0;
        for (int i = 0; i < s.length(); i++) {
            h = h * BASE + s.charAt(i);
        }
        return h;
    }

    private static boolean letters(String label) {
        for (int i = 0; i < label.length(); i++) {
            char ch = label.charAt(i);
            if (ch < 'a' || ch > 'z') {
                return false;
            }
        }
        return true;
    }
}
