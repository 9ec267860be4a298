package domainintel.valuation;

import domainintel.sales.Market;

import java.util.HashMap;
import java.util.Map;

/**
 * What past sales say about the parts of a name: for every word, TLD and label seen in training,
 * the mean amount by which its sales beat their market's average log price, shrunk towards zero
 * by a pseudo-count so that one lucky sale does not make a word valuable. Training builds it
 * out-of-fold, so a sale never informs its own features. Sales are weighted (see the training
 * package's selection weights): means and depths use the weights, the plain-words explanations the
 * number of sales.
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

    /** Accumulates observations; {@link #build()} freezes them. */
    public static final class Builder {
        private final double[] marketMeans;
        private final Map<String, Tally> words = new HashMap<>();
        private final Map<String, Tally> tlds = new HashMap<>();
        private final Map<String, Tally> labels = new HashMap<>();

        public Builder(double[] marketMeans) {
            this.marketMeans = marketMeans;
        }

        public Builder add(NameProfile profile, Market market, double logPrice, double weight) {
            double residual = logPrice - marketMeans[market.ordinal()];
            for (String word : profile.segments()) {
                if (word.length() > 1) {
                    tally(words, word, residual, weight);
                }
            }
            tally(tlds, profile.name().tld(), residual, weight);
            tally(labels, profile.name().label(), residual, weight);
            return this;
        }

        private static void tally(Map<String, Tally> map, String key, double residual, double weight) {
            Tally tally = map.computeIfAbsent(key, k -> new Tally(0, 0, 0));
            tally.sum += weight * residual;
            tally.weight += weight;
            tally.count++;
        }

        public PriceEvidence build() {
            return new PriceEvidence(marketMeans.clone(), words, tlds, labels);
        }
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
