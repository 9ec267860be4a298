package domainintel.market;

import domainintel.names.CategoryTaxonomy;
import domainintel.names.DomainName;
import domainintel.names.NameAnalyzer;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the trends need to know about a sold name: its category and the words that can be keywords,
 * from the same segmentation and taxonomy as every other feature ({@code names.NameAnalyzer},
 * {@code names.CategoryTaxonomy}). Segmentation is the costly part of building the trends, so each
 * name's facts are kept for the life of the process: a rebuild after an import segments only new names.
 */
@Singleton
public class NameFacts {
    /** Words too common to say anything about a category; together with digit runs and single letters. */
    static final Set<String> STOP_WORDS = Set.of("the", "a", "an", "and", "or", "of", "to", "in", "on", "at", "by", "for",
            "with", "from", "my", "your", "our", "me", "we", "you", "is", "are", "be", "i");

    public record Facts(String category, List<String> keywords) {
    }

    private final NameAnalyzer analyzer;
    private final CategoryTaxonomy taxonomy;
    private final Map<String, Facts> known = new ConcurrentHashMap<>();

    public NameFacts(NameAnalyzer analyzer, CategoryTaxonomy taxonomy) {
        this.analyzer = analyzer;
        this.taxonomy = taxonomy;
    }

    public Facts of(DomainName name) {
        return known.computeIfAbsent(name.name(), n -> {
            List<String> words = analyzer.words(name);
            return new Facts(taxonomy.categorise(words), words.stream().filter(NameFacts::isKeyword).distinct().toList());
        });
    }

    static boolean isKeyword(String word) {
        return word.length() > 1 && !STOP_WORDS.contains(word) && !word.chars().allMatch(Character::isDigit);
    }
}
