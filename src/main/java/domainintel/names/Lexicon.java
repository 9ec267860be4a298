package domainintel.names;

import jakarta.inject.Singleton;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * English word frequencies from the web (Norvig's count_1w, 100,000 words; see
 * src/main/resources/data/README.md), loaded once per process.
 *
 * <p>Being in the list does not make a short token a word: the list holds every one of the 676
 * two-letter strings (acronyms, codes, fragments: {@code gm}, {@code rx}, {@code fq}) and 44% of
 * the three-letter ones, so a string of random letters nearly always reads as a run of them. A
 * token of a length where the list is that crowded counts as a word only if it is among the most
 * frequent {@value #WORD_SHARE_PERCENT}% of all letter strings of its length (the 67 most frequent
 * two-letter tokens, down to about 40 million occurrences, and the 1,757 most frequent three-letter
 * ones): random letters then hit one by chance at most that often. From four letters on the list
 * holds fewer than 10% of the possible strings and every token counts.
 */
@Singleton
public class Lexicon {
    static final String UNIGRAMS = "/data/lexicon/en-web-unigram-counts.tsv";

    static final int WORD_SHARE_PERCENT = 10;
    private static final int LETTERS = 26;

    private final Map<String, Long> counts;
    private final double total;
    private final long leastCount;
    /** By length: the least count at which a token of that length is a word (index 0 unused). */
    private final long[] minimumWordCount;

    public Lexicon() {
        Map<String, Long> loaded = new HashMap<>(150_000);
        long sum = 0;
        try (var reader = new BufferedReader(new InputStreamReader(
                Objects.requireNonNull(Lexicon.class.getResourceAsStream(UNIGRAMS), UNIGRAMS), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                int tab = line.indexOf('\t');
                if (tab > 0) {
                    long count = Long.parseLong(line.substring(tab + 1).trim());
                    loaded.put(line.substring(0, tab), count);
                    sum += count;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // Read-only from here on; a HashMap, not Map.copyOf: copying 100,000 entries cost start-up time, and
        // the segmenter looks up every span of every label in it, where HashMap's probe is the cheaper.
        this.counts = java.util.Collections.unmodifiableMap(loaded);
        this.total = sum;
        this.leastCount = loaded.values().stream().mapToLong(Long::longValue).min().orElse(1);
        this.minimumWordCount = minimumWordCounts(loaded);
    }

    private static long[] minimumWordCounts(Map<String, Long> counts) {
        Map<Integer, List<Long>> byLength = new HashMap<>();
        counts.forEach((token, count) -> byLength.computeIfAbsent(token.length(), k -> new ArrayList<>()).add(count));
        int longest = byLength.keySet().stream().max(Integer::compare).orElse(0);
        long[] minimum = new long[longest + 1];
        double possible = 1;
        for (int length = 1; length <= longest; length++) {
            possible *= LETTERS;
            List<Long> ofLength = byLength.getOrDefault(length, List.of());
            long kept = (long) (possible * WORD_SHARE_PERCENT / 100);
            if (length > 1 && ofLength.size() > kept) {
                ofLength.sort(Comparator.reverseOrder());
                minimum[length] = ofLength.get((int) kept - 1);
            }
        }
        return minimum;
    }

    /** How often the word appears on the web, 0 if it is not among the 100,000 most frequent. */
    public long count(String word) {
        return counts.getOrDefault(word, 0L);
    }

    public boolean contains(String word) {
        return counts.containsKey(word);
    }

    /**
     * Whether a token of letters reads as an English word: in the list and, for two and three
     * letters, frequent enough (see above). Of single letters only {@code a} and {@code i} are words.
     */
    public boolean isWord(String token) {
        if (token.length() == 1) {
            return token.equals("a") || token.equals("i");
        }
        long count = count(token);
        return count > 0 && count >= minimumWordCount[Math.min(token.length(), minimumWordCount.length - 1)];
    }

    /** The count of the least frequent word in the list: a word not in it is written at most this often. */
    public long leastCount() {
        return leastCount;
    }

    /** How many words the list holds. */
    public int size() {
        return counts.size();
    }

    public void forEachWord(java.util.function.ObjLongConsumer<String> action) {
        counts.forEach(action::accept);
    }

    public double total() {
        return total;
    }
}
