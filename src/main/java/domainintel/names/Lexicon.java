package domainintel.names;

import jakarta.inject.Singleton;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * English word frequencies from the web (Norvig's count_1w, 100,000 words; see
 * src/main/resources/data/README.md), loaded once per process.
 */
@Singleton
public class Lexicon {
    static final String UNIGRAMS = "/data/lexicon/en-web-unigram-counts.tsv";

    private final Map<String, Long> counts;
    private final double total;

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
        this.counts = Map.copyOf(loaded);
        this.total = sum;
    }

    /** How often the word appears on the web, 0 if it is not among the 100,000 most frequent. */
    public long count(String word) {
        return counts.getOrDefault(word, 0L);
    }

    public boolean contains(String word) {
        return counts.containsKey(word);
    }

    public double total() {
        return total;
    }
}
