package domainintel.names;

import jakarta.inject.Singleton;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which language a name's words come from, judged by the 10,000 most common words of ten
 * languages. English wins ties because it is the web's default; words of one or two letters are
 * ignored because they are common to many languages by chance.
 */
@Singleton
public class Languages {
    public static final String UNKNOWN = "unknown";
    /** English first: it wins ties. */
    public static final List<String> ALL = List.of("english", "spanish", "french", "german", "italian", "portuguese",
            "dutch", "swedish", "polish", "turkish");

    private final Map<String, Set<String>> words = new LinkedHashMap<>();

    public Languages() {
        for (String language : ALL) {
            words.put(language, new HashSet<>(WordLists.read("/data/lexicon/top-words-by-language/" + language + ".txt", 10_000)));
        }
    }

    /** Whether the word (of three letters or more) is one of the most common words of any of the languages. */
    public boolean isCommonWord(String word) {
        return word.length() > 2 && words.values().stream().anyMatch(set -> set.contains(word));
    }

    /** The language most of the words belong to, or {@link #UNKNOWN} when none of them is a common word. */
    public String of(List<String> segments) {
        String best = UNKNOWN;
        int bestHits = 0;
        for (var language : words.entrySet()) {
            int hits = 0;
            for (String segment : segments) {
                if (segment.length() > 2 && language.getValue().contains(segment)) {
                    hits++;
                }
            }
            if (hits > bestHits) {
                best = language.getKey();
                bestHits = hits;
            }
        }
        return best;
    }
}
