package domainintel.market;

import domainintel.names.CategoryTaxonomy;
import domainintel.names.DomainName;
import domainintel.names.Lexicon;
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
    /**
     * Function words (articles, pronouns, prepositions, conjunctions, auxiliaries: a closed class, so a
     * list) of three letters and more, and the articles and prepositions of the other languages that sold
     * names read out of ({@code desamis}, {@code loscabos}): they hold names together and say nothing
     * about what a category's buyers pay for. Shorter ones are left out by length (see {@link #isKeyword}).
     */
    static final Set<String> FUNCTION_WORDS = Set.of(
            "the", "this", "that", "these", "those", "all", "any", "each", "every", "some", "such", "both", "either", "neither",
            "you", "your", "yours", "our", "ours", "his", "her", "hers", "him", "she", "they", "them", "their", "theirs", "its",
            "mine", "who", "whom", "whose", "which", "what",
            "for", "with", "from", "into", "onto", "upon", "about", "via", "per", "than", "off", "out", "over", "under",
            "and", "but", "nor",
            "are", "was", "were", "been", "being", "has", "have", "had", "does", "did",
            "can", "could", "will", "would", "shall", "should", "may", "might", "must", "not",
            "des", "les", "une", "los", "las", "del", "una", "con", "por", "para", "der", "das", "und");

    public record Facts(String category, List<String> keywords) {
    }

    private final NameAnalyzer analyzer;
    private final CategoryTaxonomy taxonomy;
    private final Lexicon lexicon;
    private final Map<String, Facts> known = new ConcurrentHashMap<>();

    public NameFacts(NameAnalyzer analyzer, CategoryTaxonomy taxonomy, Lexicon lexicon) {
        this.analyzer = analyzer;
        this.taxonomy = taxonomy;
        this.lexicon = lexicon;
    }

    public Facts of(DomainName name) {
        return known.computeIfAbsent(name.name(), n -> {
            List<String> words = analyzer.words(name);
            return new Facts(taxonomy.categorise(words), words.stream().filter(this::isKeyword).distinct().toList());
        });
    }

    /**
     * A keyword is a word of the category taxonomy (which holds the short keywords buyers do pay for:
     * {@code tv}, {@code io}, {@code it}, {@code fx}, {@code ev}, {@code btc}, {@code nft}), or else a word
     * of the lexicon ({@link Lexicon#isWord}: no digit run, no unknown token such as a brand) of three
     * letters or more that is no function word. Two letters are not enough outside the taxonomy: the
     * lexicon holds every two-letter string, and the segmenter reads the most frequent ones out of names
     * as fragments and particles ({@code go}, {@code no}, {@code la}, {@code us}, {@code co}, {@code re}),
     * which would otherwise top the general category.
     */
    boolean isKeyword(String word) {
        if (taxonomy.isKeyword(word)) {
            return true;
        }
        return word.length() >= 3 && lexicon.isWord(word) && !FUNCTION_WORDS.contains(word);
    }
}
