package domainintel.valuation;

import domainintel.sales.Market;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the price trees cannot learn of the scarcest short names, learnt from how far their sales beat
 * the model as it is served (see the trainer for why not out of fold). Short labels trade as classes ({@link PriceEvidence#shortClassKey}:
 * {@code #com:2:letters} for gx.com), and the trees see a class's evidence as an input, but a leaf holds
 * at least {@code minDataInLeaf} sales: a class with fewer shares its leaves with cheaper names. So out of
 * fold the two-letter {@code .com}s sold at retail (none under $554,000) came out at a median of about a
 * third of their prices, 151.com at a twelfth, and 1m.com, sold at auction for $140,000, at $1,700.
 *
 * <p>Moved are the scarce classes ({@link #scarce}: at most 1,000 labels can be written in them, every
 * label of one or two characters and of three digits, all registered and held for their scarcity) with
 * fewer effective sales than a leaf (Kish's (Σw)² / Σw² under the selection weights, so that the
 * price-selected auction sales count): in each market, by the mean amount their sales beat the
 * model beyond what every sale of that market beats it by (the calibration aims at medians, so the mean
 * residual of a market is not 0), shrunk by n / (n + k) towards how far those classes beat it together
 * (the kind: at auction, where most of their sales are price-selected and weigh little in the fit, the
 * trees underprice them all): empirical Bayes, with k, per market, the ratio of how far sales of one class
 * fall apart (per sale) to how far the moved classes truly differ around the kind (their means' spread
 * less what sampling alone explains, weighted by their sales). Longer
 * classes are the trees' to value: moved the same way, the held-out sales of three- to five-character
 * labels (rarer extensions' classes, most of them) came out worse, those of one and two better.
 * A class nobody bought in a market stands on the class one character longer of its kind, never valued
 * below it ({@link #floorUnsoldClasses}). Measured in training and written into the artifact.
 */
public final class ShortClassShifts {
    /** One sale of a scarce label: its class key, market, ln(price) − ln(estimate) and selection weight. */
    public record Residual(String shortClass, Market market, double residual, double weight) {
    }

    /**
     * Shifts (ln) per class key, in {@link Market} order: 0 where not moved, NaN in a market where the class has
     * neither sales nor a longer class to stand on (then it takes the shift of the first longer class that has one).
     */
    private final Map<String, double[]> byClass;
    /** What the classes are shrunk towards, and k of the shrinkage, per market. */
    private final double[] kind;
    private final double[] priors;

    ShortClassShifts(Map<String, double[]> byClass, double[] kind, double[] priors) {
        this.byClass = Map.copyOf(byClass);
        this.kind = kind.clone();
        this.priors = priors.clone();
    }

    /** No shift: for the folds of a calibration, and for artifacts written before the shifts existed. */
    public static ShortClassShifts none() {
        double[] none = new double[Market.values().length];
        java.util.Arrays.fill(none, Double.POSITIVE_INFINITY);
        return new ShortClassShifts(Map.of(), new double[none.length], none);
    }

    /** A class thinner than a leaf in one market: its effective sales, and its mean residual beyond the market's. */
    private record Thin(int market, double n, double beyond) {
    }

    /**
     * @param residuals   residuals of every training sale of a {@link #scarce} label against the served model
     * @param marketMeans the weighted mean residual of every training sale, per market ({@link Market} order)
     * @param thinBelow   classes with fewer effective sales than this (a leaf's minimum) are moved
     * @param served      the model the residuals are of, for the classes nobody bought (see {@link #floorUnsoldClasses})
     */
    public static ShortClassShifts fit(List<Residual> residuals, double[] marketMeans, int thinBelow, ServedIfSold served) {
        Map<String, double[]> sums = new TreeMap<>();
        for (Residual r : residuals) {
            // Σw, Σw², Σw·r, Σw·r²
            double[] s = sums.computeIfAbsent(key(r.shortClass(), r.market()), k -> new double[4]);
            s[0] += r.weight();
            s[1] += r.weight() * r.weight();
            s[2] += r.weight() * r.residual();
            s[3] += r.weight() * r.residual() * r.residual();
        }
        double squares = 0;
        double freedom = 0;
        for (double[] s : sums.values()) {
            if (s[0] > 0) {
                squares += s[3] - s[2] * s[2] / s[0];
                freedom += s[0] - s[1] / s[0];
            }
        }
        double within = freedom > 0 ? squares / freedom : 0;
        // Per market, how far the thin scarce classes beat the market together (their classes weighed by
        // their sales): the trees underprice the kind as a whole at auction, where most of its sales are
        // price-selected and weigh little in the fit. Each class is shrunk towards that, not towards 0.
        int markets = Market.values().length;
        List<Thin> thinClasses = new java.util.ArrayList<>();
        sums.forEach((key, s) -> {
            double n = effective(s);
            if (s[0] > 0 && n < thinBelow) {
                int m = market(key).ordinal();
                thinClasses.add(new Thin(m, n, s[2] / s[0] - marketMeans[m]));
            }
        });
        double[] sumOfMeans = new double[markets];
        double[] weights = new double[markets];
        int[] thin = new int[markets];
        for (Thin c : thinClasses) {
            sumOfMeans[c.market()] += c.n() * c.beyond();
            weights[c.market()] += c.n();
            thin[c.market()]++;
        }
        double[] kind = new double[markets];
        for (int m = 0; m < markets; m++) {
            kind[m] = weights[m] > 0 ? sumOfMeans[m] / weights[m] : 0;
        }
        // DerSimonian and Laird's estimate of how far the classes' true means differ around it: weighed by
        // their sales, so that the many classes of one or two sales (a lone sale under a rare extension)
        // do not pass their noise off as a difference between classes.
        double[] q = new double[markets];
        double[] w = new double[markets];
        double[] w2 = new double[markets];
        for (Thin c : thinClasses) {
            double aroundKind = c.beyond() - kind[c.market()];
            double weight = c.n() / within;
            q[c.market()] += weight * aroundKind * aroundKind;
            w[c.market()] += weight;
            w2[c.market()] += weight * weight;
        }
        double[] priors = new double[markets];
        for (int m = 0; m < markets; m++) {
            double spread = w[m] > 0 ? w[m] - w2[m] / w[m] : 0;
            double between = spread > 0 ? (q[m] - (thin[m] - 1)) / spread : 0;
            priors[m] = within > 0 && between > 0 ? within / between : Double.POSITIVE_INFINITY;
            // One thin class alone cannot tell the kind from the class, nor either from noise.
            if (thin[m] < 2) {
                kind[m] = 0;
                priors[m] = Double.POSITIVE_INFINITY;
            }
        }
        // Every class with sales, moved or not; NaN in a market where it has none (until floored, below).
        Map<String, double[]> byClass = new HashMap<>();
        sums.forEach((key, s) -> {
            double n = effective(s);
            int m = market(key).ordinal();
            double[] shifts = byClass.computeIfAbsent(shortClass(key), k -> nan());
            double beyond = s[2] / s[0] - marketMeans[m] - kind[m];
            shifts[m] = s[0] > 0 && n < thinBelow ? kind[m] + (Double.isFinite(priors[m]) ? beyond * n / (n + priors[m]) : 0) : 0;
        });
        floorUnsoldClasses(byClass, served);
        return new ShortClassShifts(byClass, kind, priors);
    }

    /** The model as served (trees and calibration, before any shift): a name's ln price if sold in a market; NaN for no registrable name. */
    @FunctionalInterface
    public interface ServedIfSold {
        double logIfSold(String name, Market market);
    }

    /**
     * A class nobody bought in a market (one or two digits, one letter), of an extension where scarce labels sold,
     * is valued on average at least as the class one character longer of its kind: it holds a tenth (digits) or a
     * twenty-sixth (letters) as many labels, all as registered and held. Without sales of its own the trees value it
     * by features they learnt on other names: two-digit {@code .com}s (none in the data) came out at a median of
     * $67,000 retail where the three-digit ones, ten times as many, came out at $160,000 and sold for $53,000 to
     * $500,000. Its shift is then the longer class's, or, where the trees put it lower, what lifts its labels' mean
     * (ln, trees and calibration) to the longer class's mean with that class's shift; a name's own recorded sales
     * and the retail-at-least-wholesale raise come after, as for every name. Shorter classes last, so that one-digit
     * labels stand on two-digit ones once those are moved. A class with sales of its own keeps what they say, even
     * below a longer class lifted this way (one-digit {@code .com}s at retail, one sale of 1.com at $7,968).
     */
    private static void floorUnsoldClasses(Map<String, double[]> byClass, ServedIfSold served) {
        var tlds = new java.util.TreeSet<String>();
        byClass.keySet().forEach(key -> tlds.add(PriceEvidence.shortClassTld(key)));
        Map<String, Double> levels = new HashMap<>();
        for (String tld : tlds) {
            for (String member : List.of("00", "0", "a")) {
                for (Market market : Market.values()) {
                    String shortClass = PriceEvidence.shortClassKey(member, tld);
                    double[] own = byClass.get(shortClass);
                    if (own != null && !Double.isNaN(own[market.ordinal()])) {
                        continue;
                    }
                    String longer = longer(member);
                    var longerShift = found(byClass, longer, tld, market);
                    if (longerShift.isEmpty()) {
                        continue;
                    }
                    double lift = level(levels, longer, tld, market, served) + longerShift.getAsDouble() - level(levels, member, tld, market, served);
                    if (Double.isFinite(lift)) {
                        byClass.computeIfAbsent(shortClass, k -> nan())[market.ordinal()] = Math.max(longerShift.getAsDouble(), lift);
                    }
                }
            }
        }
    }

    /** The mean ln price if sold, as served before any shift, of every label of the class {@code member} stands for, under {@code tld}. */
    private static double level(Map<String, Double> levels, String member, String tld, Market market, ServedIfSold served) {
        return levels.computeIfAbsent(PriceEvidence.shortClassKey(member, tld) + ' ' + market.name(), k -> {
            boolean digits = member.chars().allMatch(Character::isDigit);
            String alphabet = digits ? "0123456789" : "abcdefghijklmnopqrstuvwxyz";
            List<String> labels = List.of("");
            for (int i = 0; i < member.length(); i++) {
                labels = labels.stream().flatMap(prefix -> alphabet.chars().mapToObj(c -> prefix + (char) c)).toList();
            }
            return labels.stream().mapToDouble(label -> served.logIfSold(label + "." + tld, market)).filter(Double::isFinite).average()
                    .orElse(Double.NaN);
        });
    }

    private static double[] nan() {
        double[] none = new double[Market.values().length];
        java.util.Arrays.fill(none, Double.NaN);
        return none;
    }

    /** The label one character longer of the same kind, standing for its class. */
    private static String longer(String label) {
        return label + (label.chars().allMatch(Character::isDigit) ? "0" : "a");
    }

    /**
     * The shift of the label's class in a market, or, for a class nobody bought there, of the first class one
     * character longer of its kind that was bought, as the class evidence does (PriceEvidence#shortClassValue); empty
     * where none was.
     */
    private static java.util.OptionalDouble found(Map<String, double[]> byClass, String label, String tld, Market market) {
        for (String member = label; scarce(member); member = longer(member)) {
            double[] shifts = byClass.get(PriceEvidence.shortClassKey(member, tld));
            if (shifts != null && !Double.isNaN(shifts[market.ordinal()])) {
                return java.util.OptionalDouble.of(shifts[market.ordinal()]);
            }
        }
        return java.util.OptionalDouble.empty();
    }

    /**
     * Whether the label's class holds at most 1,000 labels (26 or 676 of letters, 10, 100 or 1,000 of
     * digits, 520 of two characters mixing both): scarce enough that every one is registered and held.
     */
    public static boolean scarce(String label) {
        boolean plain = label.chars().allMatch(c -> (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'));
        boolean digits = label.chars().allMatch(c -> c >= '0' && c <= '9');
        return !label.isEmpty() && plain && (label.length() <= 2 || (digits && label.length() == 3));
    }

    /** How far a name's class moves its price if sold in a market, ln (0 for a label of no scarce class or a class not moved). */
    public double shift(String label, String tld, Market market) {
        return found(byClass, label, tld, market).orElse(0);
    }

    /** How far the thin scarce classes of a market beat it together (ln): what each is shrunk towards. */
    public double kind(Market market) {
        return kind[market.ordinal()];
    }

    /** k of the shrinkage n / (n + k) in a market (infinite when the classes differ by no more than noise). */
    public double prior(Market market) {
        return priors[market.ordinal()];
    }

    /** The classes with a shift in some market (their own sales', or a longer class's), sorted, for the artifact and the report. */
    public Map<String, double[]> byClass() {
        var sorted = new TreeMap<String, double[]>();
        byClass.forEach((k, v) -> sorted.put(k, v.clone()));
        return sorted;
    }

    /** One class as an artifact line's fields: key, then a shift per market. */
    static String format(String shortClass, double[] shifts) {
        var line = new StringBuilder(shortClass);
        for (double shift : shifts) {
            line.append('\t').append(String.format(Locale.ROOT, "%.4f", shift));
        }
        return line.toString();
    }

    /** Reads the fields {@link #format} wrote. */
    static ShortClassShifts parse(List<String> lines, double[] kind, double[] priors) {
        if (kind.length != Market.values().length || priors.length != Market.values().length) {
            throw new IllegalArgumentException("short-class shifts need a kind and a prior per market");
        }
        Map<String, double[]> byClass = new HashMap<>();
        for (String line : lines) {
            String[] fields = line.split("\t");
            if (fields.length != Market.values().length + 1) {
                throw new IllegalArgumentException("a short-class line needs a shift per market: " + line);
            }
            double[] shifts = new double[Market.values().length];
            for (int i = 0; i < shifts.length; i++) {
                shifts[i] = Double.parseDouble(fields[i + 1]);
            }
            byClass.put(fields[0], shifts);
        }
        return new ShortClassShifts(byClass, kind, priors);
    }

    private static double effective(double[] sums) {
        return sums[1] == 0 ? 0 : sums[0] * sums[0] / sums[1];
    }

    private static String key(String shortClass, Market market) {
        return shortClass + ' ' + market.name();
    }

    private static String shortClass(String key) {
        return key.substring(0, key.lastIndexOf(' '));
    }

    private static Market market(String key) {
        return Market.valueOf(key.substring(key.lastIndexOf(' ') + 1));
    }
}
