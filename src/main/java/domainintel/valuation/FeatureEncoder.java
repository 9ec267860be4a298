package domainintel.valuation;

import domainintel.names.CategoryTaxonomy;
import domainintel.names.Languages;
import domainintel.sales.Market;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a {@link NameProfile} into the model's input row ({@link Feature} order), the same way in
 * training and in serving. Categorical inputs are small integer codes: TLDs and character shapes
 * frequent enough in training get their own code, the rest share code 0.
 */
public final class FeatureEncoder {
    private static final List<String> CATEGORIES = CategoryTaxonomy.categories();

    private final List<String> tldVocabulary;
    private final List<String> shapeVocabulary;
    private final Map<String, Integer> tldCodes = new HashMap<>();
    private final Map<String, Integer> shapeCodes = new HashMap<>();
    private final PriceEvidence evidence;

    public FeatureEncoder(List<String> tldVocabulary, List<String> shapeVocabulary, PriceEvidence evidence) {
        this.tldVocabulary = List.copyOf(tldVocabulary);
        this.shapeVocabulary = List.copyOf(shapeVocabulary);
        for (int i = 0; i < tldVocabulary.size(); i++) {
            tldCodes.put(tldVocabulary.get(i), i + 1);
        }
        for (int i = 0; i < shapeVocabulary.size(); i++) {
            shapeCodes.put(shapeVocabulary.get(i), i + 1);
        }
        this.evidence = evidence;
    }

    public List<String> tldVocabulary() {
        return tldVocabulary;
    }

    public List<String> shapeVocabulary() {
        return shapeVocabulary;
    }

    public PriceEvidence evidence() {
        return evidence;
    }

    public double[] encode(NameProfile p, Market market) {
        double[] row = new double[Feature.values().length];
        String tld = p.name().tld();
        String label = p.name().label();
        row[Feature.MARKET.ordinal()] = market.ordinal();
        row[Feature.LENGTH.ordinal()] = p.name().reading().length();
        row[Feature.TLD.ordinal()] = tldCodes.getOrDefault(tld, 0);
        row[Feature.TLD_DEPTH.ordinal()] = Math.log1p(evidence.tldDepth(tld));
        row[Feature.TLD_VALUE.ordinal()] = evidence.tldValue(tld);
        row[Feature.DIGITS.ordinal()] = p.digits();
        row[Feature.HYPHENS.ordinal()] = p.hyphens();
        row[Feature.SHAPE.ordinal()] = shapeCodes.getOrDefault(p.shape(), 0);
        row[Feature.VOWEL_RATIO.ordinal()] = p.vowelRatio();
        row[Feature.CONSONANT_RUN.ordinal()] = p.longestConsonantRun();
        row[Feature.PRONOUNCEABILITY.ordinal()] = p.pronounceLogProb();
        row[Feature.RARE_TRIGRAMS.ordinal()] = p.rareTrigrams();
        row[Feature.WORDS.ordinal()] = p.segments().size();
        row[Feature.KNOWN_LETTERS.ordinal()] = p.knownLetters();
        row[Feature.SEGMENT_LOGPROB.ordinal()] = p.segmentLogProb();
        row[Feature.MIN_WORD_FREQUENCY.ordinal()] = p.minWordLog10();
        row[Feature.MEAN_WORD_FREQUENCY.ordinal()] = p.meanWordLog10();
        row[Feature.LABEL_FREQUENCY.ordinal()] = p.labelLog10();
        row[Feature.FIRST_NAME.ordinal()] = p.firstName();
        row[Feature.LANGUAGE.ordinal()] = Languages.ALL.indexOf(p.language()) + 1;
        row[Feature.CATEGORY.ordinal()] = CATEGORIES.indexOf(p.category());
        double max = 0;
        double min = 0;
        double sum = 0;
        int valued = 0;
        double demand = 0;
        double alone = 0;
        double aloneMin = Double.MAX_VALUE;
        double leastDemand = Double.MAX_VALUE;
        int words = 0;
        List<String> segments = p.segments();
        for (String word : segments) {
            if (word.length() > 1) {
                words++;
                alone = Math.max(alone, evidence.labelValue(word));
                aloneMin = Math.min(aloneMin, evidence.labelValue(word));
                leastDemand = Math.min(leastDemand, Math.log1p(evidence.wordDepth(word)));
            }
            if (word.length() > 1 && evidence.knowsWord(word)) {
                demand = Math.max(demand, Math.log1p(evidence.wordDepth(word)));
                double value = evidence.wordValue(word);
                max = valued == 0 ? value : Math.max(max, value);
                min = valued == 0 ? value : Math.min(min, value);
                sum += value;
                valued++;
            }
        }
        row[Feature.WORD_VALUE_MAX.ordinal()] = max;
        row[Feature.WORD_VALUE_MIN.ordinal()] = min;
        row[Feature.WORD_VALUE_MEAN.ordinal()] = valued == 0 ? 0 : sum / valued;
        row[Feature.WORD_DEMAND.ordinal()] = demand;
        row[Feature.WORD_ALONE_VALUE.ordinal()] = words > 1 ? alone : 0;
        row[Feature.WORD_DEMAND_MIN.ordinal()] = words > 1 ? leastDemand : 0;
        row[Feature.WORD_ALONE_MIN.ordinal()] = words > 1 ? aloneMin : 0;
        row[Feature.PHRASE_FREQUENCY.ordinal()] = p.phraseLog10();
        row[Feature.ENGLISH_PHRASE.ordinal()] = p.englishPhrase() ? 1 : 0;
        row[Feature.NEAR_WORD_LIFT.ordinal()] = p.nearWord().log10Lift();
        row[Feature.DISTINCT_DIGITS.ordinal()] = p.distinctDigits();
        row[Feature.LATIN_IDN.ordinal()] = p.latinIdn() ? 1 : 0;
        row[Feature.SHORT_CLASS_VALUE.ordinal()] = evidence.shortClassValue(label, tld);
        double pair = 0;
        for (int i = 1; i < segments.size(); i++) {
            pair = i == 1 ? evidence.pairValue(segments.get(0), segments.get(1)) : Math.max(pair, evidence.pairValue(segments.get(i - 1), segments.get(i)));
        }
        row[Feature.WORD_PAIR_VALUE.ordinal()] = pair;
        row[Feature.HEAD_WORD_VALUE.ordinal()] = segments.size() > 1 ? evidence.headValue(segments.get(segments.size() - 1)) : 0;
        row[Feature.LABEL_VALUE.ordinal()] = evidence.labelValue(label);
        row[Feature.LABEL_SALES.ordinal()] = evidence.labelDepth(label);
        return row;
    }
}
