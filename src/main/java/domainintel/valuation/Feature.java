package domainintel.valuation;

/**
 * The model's inputs, in column order (new inputs go last, so that an artifact fitted before them
 * still reads the columns it knows). Each belongs to a {@link Factor}, the plain-language
 * grouping in which its contribution is reported to users as a driver of the value.
 */
public enum Feature {
    MARKET(true, null),
    LENGTH(false, Factor.LENGTH),
    TLD(true, Factor.EXTENSION),
    TLD_DEPTH(false, Factor.EXTENSION),
    TLD_VALUE(false, Factor.EXTENSION),
    DIGITS(false, Factor.CHARACTERS),
    HYPHENS(false, Factor.CHARACTERS),
    SHAPE(true, Factor.CHARACTERS),
    VOWEL_RATIO(false, Factor.SOUND),
    CONSONANT_RUN(false, Factor.SOUND),
    PRONOUNCEABILITY(false, Factor.SOUND),
    WORDS(false, Factor.WORDS),
    KNOWN_LETTERS(false, Factor.WORDS),
    SEGMENT_LOGPROB(false, Factor.WORDS),
    MIN_WORD_FREQUENCY(false, Factor.WORDS),
    MEAN_WORD_FREQUENCY(false, Factor.WORDS),
    LABEL_FREQUENCY(false, Factor.WORDS),
    FIRST_NAME(false, Factor.FIRST_NAME),
    LANGUAGE(true, Factor.LANGUAGE),
    CATEGORY(true, Factor.CATEGORY),
    WORD_VALUE_MAX(false, Factor.KEYWORDS),
    WORD_VALUE_MIN(false, Factor.KEYWORDS),
    WORD_VALUE_MEAN(false, Factor.KEYWORDS),
    WORD_DEMAND(false, Factor.KEYWORDS),
    /** For a name of several words: how far sales of its best word alone (insurance.com for carinsurance.com) beat their market. */
    WORD_ALONE_VALUE(false, Factor.KEYWORDS),
    LABEL_VALUE(false, Factor.NAME_HISTORY),
    LABEL_SALES(false, Factor.NAME_HISTORY),
    /** For a name of several words: how traded its least traded word is (both words of a premium compound are in demand). */
    WORD_DEMAND_MIN(false, Factor.KEYWORDS),
    /** For a name of several words: how far sales of names with its adjacent words side by side beat their market (best pair). */
    WORD_PAIR_VALUE(false, Factor.KEYWORDS),
    /** For a name of several words: how far sales of compounds ending in its last word beat their market. */
    HEAD_WORD_VALUE(false, Factor.KEYWORDS),
    /** How often the label is written on the web as a phrase (its own count, or its words' chance co-occurrence). */
    PHRASE_FREQUENCY(false, Factor.WORDS),
    /** For a name of several words: how far sales of its weakest word alone beat their market (both words sell on their own). */
    WORD_ALONE_MIN(false, Factor.KEYWORDS),
    /** For a short label (up to 5 characters): how far sales of labels of its length and kind (letters, digits) under its TLD beat their market. */
    SHORT_CLASS_VALUE(false, Factor.LENGTH),
    /** How many of the label's letter trigrams English hardly ever spells (random strings slip where names rarely do). */
    RARE_TRIGRAMS(false, Factor.SOUND),
    /** Whether the label spells a phrase English uses as one term (car insurance, credit card), not words that merely meet. */
    ENGLISH_PHRASE(false, Factor.WORDS),
    /** How many times more often the web writes the most frequent word one slip away (log10): typos of common words. */
    NEAR_WORD_LIFT(false, Factor.SPELLING),
    /** For a number, how many different digits it uses: a pattern (6666666, 88889) against one string of millions. */
    DISTINCT_DIGITS(false, Factor.CHARACTERS),
    /**
     * Whether the label is an internationalised name in the Latin script, read as its letters without accents
     * (hotèls as hotels): another name than the word, and one that hardly trades (two such sales on record, $101 and $202).
     */
    LATIN_IDN(false, Factor.SPELLING);

    private final boolean categorical;
    private final Factor factor;

    Feature(boolean categorical, Factor factor) {
        this.categorical = categorical;
        this.factor = factor;
    }

    public boolean categorical() {
        return categorical;
    }

    /** Null for the market, which is the question asked rather than a property of the name. */
    public Factor factor() {
        return factor;
    }

    /**
     * The plain-language groups drivers are reported in. {@code MARKETABILITY} is no feature's: it is
     * how much the chance that the name finds no buyer at all takes off its price if sold. Nor is
     * {@code WHOLESALE_FLOOR}: how far the retail price if sold was raised to the wholesale one.
     */
    public enum Factor {
        LENGTH, EXTENSION, CHARACTERS, SOUND, WORDS, FIRST_NAME, LANGUAGE, CATEGORY, KEYWORDS, NAME_HISTORY, SPELLING, MARKETABILITY, WHOLESALE_FLOOR
    }
}
