package domainintel.valuation;

import domainintel.names.CategoryTaxonomy;
import domainintel.names.DomainName;
import domainintel.names.EnglishPhrases;
import domainintel.names.EnglishWords;
import domainintel.names.FirstNames;
import domainintel.names.Languages;
import domainintel.names.Lexicon;
import domainintel.names.NearWords;
import domainintel.names.Pronounceability;
import domainintel.names.WordSegmenter;
import jakarta.inject.Singleton;

import java.util.List;

/** Builds a {@link NameProfile} from the bundled lexicons: the one place names are read for valuation. */
@Singleton
public class NameProfiler {
    /** Labels up to this length get a character shape of their own (LLL, NNNN, CVCV...). */
    static final int SHAPED_LENGTH = 5;

    private final Lexicon lexicon;
    private final WordSegmenter segmenter;
    private final EnglishWords english;
    private final FirstNames firstNames;
    private final Languages languages;
    private final Pronounceability pronounceability;
    private final CategoryTaxonomy taxonomy;
    private final EnglishPhrases phrases;
    private final NearWords nearWords;

    public NameProfiler(Lexicon lexicon, WordSegmenter segmenter, EnglishWords english, FirstNames firstNames,
                        Languages languages, Pronounceability pronounceability, CategoryTaxonomy taxonomy, EnglishPhrases phrases,
                        NearWords nearWords) {
        this.lexicon = lexicon;
        this.segmenter = segmenter;
        this.english = english;
        this.firstNames = firstNames;
        this.languages = languages;
        this.pronounceability = pronounceability;
        this.taxonomy = taxonomy;
        this.phrases = phrases;
        this.nearWords = nearWords;
    }

    /** Wires the lexicons by hand, for the command-line tools that run without an application context. */
    public static NameProfiler standalone() {
        var lexicon = new Lexicon();
        var english = new EnglishWords();
        var pronounceability = new Pronounceability(english);
        return new NameProfiler(lexicon, new WordSegmenter(lexicon, pronounceability), english, new FirstNames(), new Languages(),
                pronounceability, new CategoryTaxonomy(), new EnglishPhrases(), new NearWords(lexicon));
    }

    /** The segmenter the profiles are read with, for tools wired by hand that also need comparables. */
    public WordSegmenter segmenter() {
        return segmenter;
    }

    /** The English dictionary the profiles are read with, for the same tools. */
    public EnglishWords english() {
        return english;
    }

    public NameProfile profile(DomainName name) {
        String label = name.reading();
        List<String> segments = segmenter.segment(label);
        List<String> wordsRead = wordsRead(segments);
        int letters = 0;
        int knownLetters = 0;
        int letterSegments = 0;
        double minLog = Double.MAX_VALUE;
        double sumLog = 0;
        int firstName = firstNames.contains(label) ? 2 : 0;
        for (String segment : segments) {
            if (!Character.isLetter(segment.charAt(0))) {
                continue;
            }
            letterSegments++;
            letters += segment.length();
            long count = lexicon.isWord(segment) ? lexicon.count(segment) : 0;
            double log = count > 0 ? Math.log10(count) : 0;
            if (count > 0) {
                knownLetters += segment.length();
            }
            minLog = Math.min(minLog, log);
            sumLog += log;
            if (firstName == 0 && segment.length() > 2 && firstNames.contains(segment)) {
                firstName = 1;
            }
        }
        double segmentLogProb = 0;
        for (String segment : segments) {
            segmentLogProb += Character.isLetter(segment.charAt(0)) ? segmenter.logProbability(segment) : 0;
        }
        long labelCount = lexicon.count(label);
        double labelLog = labelCount > 0 ? Math.log10(labelCount) : 0;
        boolean allWords = letterSegments == segments.size() && knownLetters == letters && letters > 0;
        // Independence: each further word multiplies by its share of all web tokens, log10(c / N).
        double chancePhrase = allWords ? sumLog - (letterSegments - 1) * Math.log10(lexicon.total()) : 0;
        return new NameProfile(name, segments,
                letters == 0 ? 0 : (double) knownLetters / letters,
                letters == 0 ? 0 : segmentLogProb / letters,
                letterSegments == 0 ? 0 : minLog,
                letterSegments == 0 ? 0 : sumLog / letterSegments,
                labelLog,
                labelLog > 0 ? labelLog : Math.max(0, chancePhrase),
                english.rank(label),
                firstName,
                pronounceability.logProbabilityPerLetter(label),
                pronounceability.rareTrigrams(label),
                shape(label),
                languages.of(wordsRead),
                taxonomy.categorise(wordsRead),
                (int) label.chars().filter(Character::isDigit).count(),
                (int) label.chars().filter(c -> c == '-').count(),
                vowelRatio(label),
                longestConsonantRun(label),
                phrases.spells(label),
                nearWords.of(label),
                languages.isCommonWord(name.reading()));
    }

    /**
     * The words a name's language and category are read on: its segments, or, when the segmenter reads the
     * name as one token that spells an English phrase ({@link EnglishPhrases}: real estate, credit card), the
     * two words that token is made of ({@link WordSegmenter#splitInTwo}). The web writes realestate and
     * creditcard as one token, which hid their words: realestate.com was of no category and no language while
     * real-estate.com was real estate, and creditcard.com was Dutch (Dutch writes the word as one). Only a
     * phrase is cut: any token of two words would cut words of their own too (carpet: car + pet, fragment:
     * frag + ment, the French devant: dev + ant).
     */
    private List<String> wordsRead(List<String> segments) {
        if (segments.size() != 1 || !phrases.spells(segments.get(0))) {
            return segments;
        }
        List<String> parts = segmenter.splitInTwo(segments.get(0));
        return parts.isEmpty() ? segments : parts;
    }

    public double pronounceabilityScore(String label) {
        return pronounceability.score(label);
    }

    static String shape(String label) {
        if (label.length() > SHAPED_LENGTH) {
            return "long";
        }
        var shape = new StringBuilder(label.length());
        for (char c : label.toCharArray()) {
            shape.append(Character.isDigit(c) ? 'N' : c == '-' ? '-' : isVowel(c) ? 'V' : 'C');
        }
        return shape.toString();
    }

    private static boolean isVowel(char c) {
        return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'y';
    }

    private static double vowelRatio(String label) {
        long letters = label.chars().filter(Character::isLetter).count();
        return letters == 0 ? 0 : (double) label.chars().filter(c -> isVowel((char) c)).count() / letters;
    }

    private static int longestConsonantRun(String label) {
        int longest = 0;
        int run = 0;
        for (char c : label.toCharArray()) {
            run = Character.isLetter(c) && !isVowel(c) ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }
}
