package domainintel.valuation;

import domainintel.sales.Market;

/**
 * How much of the price-if-sold a name's value takes, given its marketability {@code p}:
 * {@code w = σ(slope × logit p + shift)}, the rest being the floor. The identity ({@code slope} 1,
 * {@code shift} 0) is the plain expectation over the two outcomes; but the classifier's p is
 * uncertain for many names that do sell, and the expectation drags all of them down, so training
 * fits the gate out-of-fold (see the training package): steeper than p, so that names that look
 * like sold names keep their price-if-sold and names that look like no market get the floor.
 * A coined label is then held under its {@link Ceiling}.
 */
public record MarketabilityGate(double slope, double shift, Ceiling ceiling) {
    public static final MarketabilityGate IDENTITY = new MarketabilityGate(1, 0);

    public MarketabilityGate(double slope, double shift) {
        this(slope, shift, Ceiling.NONE);
    }

    /**
     * The most a coined {@code .com} label ({@link #coined}) of low marketability may be worth: under
     * {@code capBelow} the market's cap; above it, a cap that rises by e^{@code rise} for each unit of logit p,
     * so that two names a letter apart on either side of {@code capBelow} are not worlds apart. Why: the
     * classifier gives the most English-looking few percent of random letter strings the marketability that
     * sold brandables and pinyin or acronym labels have too, so the gate can floor those strings only by
     * flooring the sold names beside them at $10; holding them at what a modest sale fetches instead costs
     * those sold names a few times less of ln error each (measured out of fold in training, where the ceiling
     * is fitted).
     */
    public record Ceiling(double capBelow, double retailCap, double wholesaleCap, double rise) {
        public static final Ceiling NONE = new Ceiling(0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0);

        /** ln of the most a coined label of marketability {@code p} is worth in the market. */
        public double logCap(Market market, double p) {
            double cap = Math.log(market == Market.RETAIL ? retailCap : wholesaleCap);
            return p <= capBelow || cap == Double.POSITIVE_INFINITY ? cap : cap + rise * (logit(p) - logit(capBelow));
        }

        private static double logit(double p) {
            return p >= 1 ? Double.POSITIVE_INFINITY : Math.log(p / (1 - p));
        }
    }

    /** A label with digits or hyphens is coined when fewer than this share of its letters are in words. */
    private static final double MOSTLY_UNKNOWN = 0.5;

    /**
     * A {@code .com} label of six or more characters (as read: an IDN's letters without accents), letters among
     * them, that is not wholly made of known English words nor a common word of another language: the kind of
     * label random strings are. With a digit or a hyphen among the letters (random letters and digits, two random
     * runs hyphenated: kinds of junk the background does not hold, which the classifier puts low but the gate alone
     * valued at $2,000 and more), only when most of its letters are in no word: a digit or hyphen parts a label
     * into pieces, and a short piece that is no word (rock-n-roll, bmw-x5, h1b-visa, x86cpu) leaves a real name
     * that a review found held at $500 when any unknown letter made it coined. A non-Latin IDN, read as its
     * A-label ({@code xn--}), is not coined: its letters are an encoding. Shorter labels trade as a class of
     * their own (see the short-class evidence): out of fold, half of the sold coined labels a ceiling on five
     * letters and more held were five-letter ones. Only {@code .com}, where the ceiling is fitted: under other
     * extensions the classifier puts names that sell lower (a review found 59–63% of invented consonant-vowel
     * brandables under .io and .ai held at the cap, 21% under .com), and no other extension has the sales to fit
     * a ceiling of its own.
     */
    public static boolean coined(NameProfile profile) {
        String label = profile.name().reading();
        boolean lettersOnly = label.chars().allMatch(c -> c >= 'a' && c <= 'z');
        return profile.name().tld().equals("com") && label.length() >= 6 && !profile.commonWord()
                && !label.startsWith("xn--") && label.chars().anyMatch(c -> c >= 'a' && c <= 'z')
                && profile.knownLetters() < (lettersOnly ? 1 : MOSTLY_UNKNOWN);
    }

    /** The weight of the price-if-sold, in [0, 1]. */
    public double weight(double p) {
        if (p >= 1) {
            return 1;
        }
        if (p <= 0) {
            return 0;
        }
        return 1 / (1 + Math.exp(-(slope * Math.log(p / (1 - p)) + shift)));
    }

    /** ln(w × e^logIfSold + (1 − w) × floor). */
    public double mix(double logIfSold, double p) {
        double w = weight(p);
        return Math.log(w * Math.exp(logIfSold) + (1 - w) * ValuationModel.FLOOR_USD);
    }

    /** The ln value: the {@link #mix}, held under the ceiling when the label is coined. */
    public double value(Market market, double logIfSold, double p, boolean coined) {
        double mixed = mix(logIfSold, p);
        return coined ? Math.min(mixed, ceiling.logCap(market, p)) : mixed;
    }

    /**
     * The price-if-sold that {@code logActual} corresponds to at marketability {@code p}: the
     * inverse of {@link #mix}, so that ranges can be calibrated on the mixture.
     */
    public double unmix(double logActual, double p) {
        double w = Math.max(weight(p), 1e-12);
        return Math.log(Math.max(Math.exp(logActual) - (1 - w) * ValuationModel.FLOOR_USD, 1e-9) / w);
    }
}
