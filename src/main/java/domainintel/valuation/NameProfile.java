package domainintel.valuation;

import domainintel.names.DomainName;

import domainintel.names.NearWords;

import java.util.List;

/**
 * Everything the lexicon says about one name, computed once and shared by the model features and
 * the plain-language analysis, so that what we explain is exactly what the model saw.
 *
 * @param segments        the label split into words and digit runs ({@code carinsurance} into car, insurance)
 * @param knownLetters    share of the label's letters that fall in known English words
 * @param segmentLogProb  log probability of the segmentation per letter (higher: reads as ordinary words)
 * @param minWordLog10    log10 web frequency of the rarest letter segment (0 when none is known)
 * @param meanWordLog10   mean log10 web frequency of the letter segments (unknown ones count 0)
 * @param labelLog10      log10 web frequency of the whole label as one word (0 when it is not one)
 * @param phraseLog10     log10 web frequency of the label as a phrase: its own count when the web list has it
 *                        ({@code realestate}), else for a name wholly of known words the count its words would
 *                        have side by side if they met by chance (c1 × c2 / N for two words): 0 otherwise
 * @param labelWikiRank   rank of the whole label among Wikipedia's words (0 when absent)
 * @param firstName       2 when the label is a first name, 1 when a segment is, else 0
 * @param pronounceLogProb letter-trigram log probability per letter under English
 * @param rareTrigrams    how many of the label's letter trigrams English hardly ever spells (fewer than five of
 *                        its 100,000 most frequent words contain them)
 * @param shape           the label's character classes when short (C consonant, V vowel, N digit, - hyphen), else "long"
 * @param englishPhrase   whether the label spells an expression of several words that English uses as one term
 *                        ({@code carinsurance}, {@code creditcards}: see {@code names.EnglishPhrases})
 * @param nearWord       the most frequent word one slip away from the label and how much more often the web writes
 *                        it ({@code hotels} for {@code hotles}: see {@code names.NearWords})
 * @param commonWord     whether the label, as read, is one of the most common words of one of the ten languages
 *                        ({@code names.Languages}): {@code bedankt}, {@code dobrze} are words, not coinages
 */
public record NameProfile(DomainName name, List<String> segments, double knownLetters, double segmentLogProb,
                          double minWordLog10, double meanWordLog10, double labelLog10, double phraseLog10, int labelWikiRank,
                          int firstName, double pronounceLogProb, int rareTrigrams, String shape,
                          String language, String category, int digits, int hyphens, double vowelRatio,
                          int longestConsonantRun, boolean englishPhrase,
                          NearWords.NearWord nearWord, boolean commonWord) {

    /**
     * For a number, how many different digits it uses (6666666 one, 88889 two); 0 for any other label. Numbers of
     * few digits trade as patterns (the bundled five-digit {@code .com}s of at most two different digits sold for a
     * median $13,100, the rest for $685), where a string of many different digits is one of millions. Numbers
     * only: counted in letters too, it taught the classifier from the background's repeated letters that any
     * label of few letters is junk (a review: nanana.com $4,000 to $550, bbbbb.com $1,200 to $66).
     */
    public int distinctDigits() {
        String label = name.reading();
        return label.chars().allMatch(c -> c >= '0' && c <= '9') ? (int) label.chars().distinct().count() : 0;
    }

    /** Whether the label is an internationalised name read as Latin letters without their accents (see {@link DomainName#reading}). */
    public boolean latinIdn() {
        return !name.reading().equals(name.label());
    }
}
