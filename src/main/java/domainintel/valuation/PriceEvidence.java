package domainintel.valuation;

import domainintel.sales.Market;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What past sales say about the parts of a name: for every word, TLD and label seen in training,
 * the mean amount by which its sales beat their market's average log price, shrunk towards zero
 * by a pseudo-count so that one lucky sale does not make a word valuable. Training builds it
 * out-of-fold, so a sale never informs its own features. Sales are weighted (see the training
 * package's selection weights): means and depths use the weights, the plain-words explanations the
 * number of sales.
 *
 * <p>Besides single words, the word tallies hold two kinds of compound keys, so that a name of several
 * words is valued by what buyers paid for those words together and in that role: each pair of
 * adjacent words ({@code car+insurance}, from carinsurance.net as much as carinsurance.com), and
 * the last word of a name of several words ({@code insurance$}: the word a compound is about, as
 * in autoinsurance, homeinsurance). They also hold the class of every short label ({@code #com:2:letters}
 * for ai.com, see {@link #shortClassKey}), which are shrunk towards the next longer class rather than
 * towards zero (see {@link #shortClassValue}). None can collide with a word, which is letters and
 * digits.
 */
public final class PriceEvidence {
    static final double WORD_PRIOR = 8;
    static final double TLD_PRIOR = 20;
    static final double LABEL_PRIOR = 2;

    /** Running weighted sum of residuals, sum of weights and number of sales, per key. */
    static final class Tally {
        double sum;
        double weight;
        int count;

        Tally(double sum, double weight, int count) {
            this.sum = sum;
            this.weight = weight;
            this.count = count;
        }
    }

    private final double[] marketMeans;
    final Map<String, Tally> words;
    final Map<String, Tally> tlds;
    final Map<String, Tally> labels;

    PriceEvidence(double[] marketMeans, Map<String, Tally> words, Map<String, Tally> tlds, Map<String, Tally> labels) {
        this.marketMeans = marketMeans;
        this.words = words;
        this.tlds = tlds;
        this.labels = labels;
    }

    /** Accumulates observations; {@link #build()} tallies them. */
    public static final class Builder {
        private record Sale(NameProfile profile, double residual, double weight) {
        }

        private final double[] marketMeans;
        private final List<Sale> sales = new java.util.ArrayList<>();

        public Builder(double[] marketMeans) {
            this.marketMeans = marketMeans;
        }

        public Builder add(NameProfile profile, Market market, double logPrice, double weight) {
            sales.add(new Sale(profile, logPrice - marketMeans[market.ordinal()], weight));
            return this;
        }

        /**
         * TLDs and labels are tallied on the residual against the market; words and compounds on what
         * is left once the TLD's own value is taken off, so that a word is not made cheap by the
         * extensions its names happened to sell under (insurance in .us and .info) or dear by .com.
         */
        public PriceEvidence build() {
            Map<String, Tally> words = new HashMap<>();
            Map<String, Tally> tlds = new HashMap<>();
            Map<String, Tally> labels = new HashMap<>();
            for (Sale sale : sales) {
                tally(tlds, sale.profile().name().tld(), sale.residual(), sale.weight());
                tally(labels, sale.profile().name().label(), sale.residual(), sale.weight());
            }
            for (Sale sale : sales) {
                double residual = sale.residual() - shrunk(tlds.get(sale.profile().name().tld()), TLD_PRIOR);
                double weight = sale.weight();
                List<String> segments = sale.profile().segments();
                for (String word : segments) {
                    if (word.length() > 1) {
                        tally(words, word, residual, weight);
                    }
                }
                String shortClass = shortClassKey(sale.profile().name().label(), sale.profile().name().tld());
                if (shortClass != null) {
                    tally(words, shortClass, residual, weight);
                }
                if (segments.size() > 1) {
                    for (int i = 1; i < segments.size(); i++) {
                        tally(words, pairKey(segments.get(i - 1), segments.get(i)), residual, weight);
                    }
                    tally(words, headKey(segments.get(segments.size() - 1)), residual, weight);
                }
            }
            // A pair seen in one sale only is that name itself, which its label's evidence already
            // covers; kept, the one-off pairs would be most of what the model loads at start-up.
            words.entrySet().removeIf(e -> e.getKey().indexOf('+') >= 0 && e.getValue().count < 2);
            return new PriceEvidence(marketMeans.clone(), words, tlds, labels);
        }

        private static void tally(Map<String, Tally> map, String key, double residual, double weight) {
            Tally tally = map.computeIfAbsent(key, k -> new Tally(0, 0, 0));
            tally.sum += weight * residual;
            tally.weight += weight;
            tally.count++;
        }
    }

    static String pairKey(String first, String second) {
        return first + "+" + second;
    }

    /** Labels up to this long are valued as a class too: every short name is registered, and they trade as a class. */
    static final int SHORT_LABEL = 5;

    /**
     * The class of a short label under its TLD, e.g. {@code #com:2:letters} for ai.com and gx.com:
     * its length and whether it is letters only, digits only or mixed (null for longer labels).
     * Cannot collide with a word, which is letters and digits.
     */
    public static String shortClassKey(String label, String tld) {
        return label.length() > SHORT_LABEL ? null : shortClassKey(tld, label.length(), shortClassKind(label));
    }

    private static String shortClassKey(String tld, int length, String kind) {
        return "#" + tld + ":" + length + ":" + kind;
    }

    /** The TLD of a {@link #shortClassKey}: {@code com} for {@code #com:2:letters}. */
    public static String shortClassTld(String shortClassKey) {
        return shortClassKey.substring(1, shortClassKey.indexOf(':'));
    }

    private static String shortClassKind(String label) {
        boolean letters = label.chars().allMatch(Character::isLetter);
        boolean digits = label.chars().allMatch(Character::isDigit);
        return letters ? "letters" : digits ? "digits" : "mixed";
    }

    /**
     * How far sales of short labels of this one's class (length, letters or digits, TLD) beat their
     * market (0 for longer labels). The shorter the class, the fewer names it has and the fewer of
     * them ever sold (no 1-letter or 2-digit .com sale in the data), while what did sell is dearer
     * the shorter it is. So a class is shrunk towards the class one character longer of the same kind
     * and TLD, not towards 0, and a class nobody bought takes that longer class's value: thin evidence
     * no longer drags 360.com below 1234.com or x.com below ab.com. Only the longest class is shrunk
     * towards 0. Every level reads this evidence's own tallies, so out-of-fold evidence stays out-of-fold.
     */
    public double shortClassValue(String label, String tld) {
        return label.length() > SHORT_LABEL ? 0 : shortClassValue(tld, label.length(), shortClassKind(label));
    }

    private double shortClassValue(String tld, int length, String kind) {
        double longer = length == SHORT_LABEL ? 0 : shortClassValue(tld, length + 1, kind);
        Tally tally = words.get(shortClassKey(tld, length, kind));
        return tally == null ? longer : (tally.sum + WORD_PRIOR * longer) / (tally.weight + WORD_PRIOR);
    }

    static String headKey(String last) {
        return last + "$";
    }

    public double marketMean(Market market) {
        return marketMeans[market.ordinal()];
    }

    public double wordValue(String word) {
        return shrunk(words.get(word), WORD_PRIOR);
    }

    /** How much sales evidence there is for a word: how often domain buyers paid for names with it. */
    public double wordDepth(String word) {
        return depth(words.get(word));
    }

    /** How far sales of names with these two words side by side beat their market (0 when none sold). */
    public double pairValue(String first, String second) {
        return shrunk(words.get(pairKey(first, second)), WORD_PRIOR);
    }

    /** How far sales of compound names ending in this word beat their market (0 when none sold). */
    public double headValue(String last) {
        return shrunk(words.get(headKey(last)), WORD_PRIOR);
    }

    public boolean knowsWord(String word) {
        return words.containsKey(word);
    }

    public double tldValue(String tld) {
        return shrunk(tlds.get(tld), TLD_PRIOR);
    }

    /** How much weight of evidence the TLD has: its market depth as a feature. */
    public double tldDepth(String tld) {
        return depth(tlds.get(tld));
    }

    public int tldSales(String tld) {
        return sales(tlds.get(tld));
    }

    public double labelValue(String label) {
        return shrunk(labels.get(label), LABEL_PRIOR);
    }

    public int labelSales(String label) {
        return sales(labels.get(label));
    }

    public double labelDepth(String label) {
        return depth(labels.get(label));
    }

    private static double depth(Tally tally) {
        return tally == null ? 0 : tally.weight;
    }

    private static int sales(Tally tally) {
        return tally == null ? 0 : tally.count;
    }

    private static double shrunk(Tally tally, double prior) {
        return tally == null ? 0 : tally.sum / (tally.weight + prior);
    }
}
