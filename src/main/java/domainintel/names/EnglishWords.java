package domainintel.names;

import jakarta.inject.Singleton;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * English words ranked by Wikipedia frequency (the 100,000 most frequent of the bundled 225,555):
 * a dictionary that, unlike the web unigrams, knows proper nouns and rarer real words.
 */
@Singleton
public class EnglishWords {
    static final String RESOURCE = "/data/lexicon/en-wikipedia-frequency-rank.txt";
    private static final int SIZE = 100_000;

    private final List<String> byRank;
    private final Map<String, Integer> ranks;

    public EnglishWords() {
        byRank = WordLists.read(RESOURCE, SIZE);
        Map<String, Integer> loaded = new HashMap<>(byRank.size() * 2);
        for (int i = 0; i < byRank.size(); i++) {
            loaded.putIfAbsent(byRank.get(i), i + 1);
        }
        ranks = loaded;
    }

    /** 1 for the most frequent word, 0 when the word is not among them. */
    public int rank(String word) {
        return ranks.getOrDefault(word, 0);
    }

    /** The most frequent words, best first. */
    public List<String> mostFrequent(int count) {
        return byRank.subList(0, Math.min(count, byRank.size()));
    }
}
