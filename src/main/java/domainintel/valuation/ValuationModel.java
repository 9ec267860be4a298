package domainintel.valuation;

import domainintel.sales.Market;

import java.util.List;

/**
 * The trained valuation model, in two parts. {@code trees} estimate what a name sells for in each
 * market if it sells (learned from sales only); {@code marketability} estimates how likely a name
 * like it is to find a buyer at all (sold names against a generated background of names that exist
 * and do not sell, see the training package). The value is the expectation over both outcomes:
 *
 * <pre>value = w(p) × price-if-sold + (1 − w(p)) × floor</pre>
 *
 * where {@code p} is the marketability, {@code w} a gate fitted in training ({@link MarketabilityGate})
 * and the floor ({@link #FLOOR_USD}) is about what it costs to register a name: what a name nobody
 * buys is worth to its owner; a coined label of low marketability is then held under the gate's
 * {@link MarketabilityGate.Ceiling}. The price if sold is the trees' estimate moved by a calibration fitted out of
 * fold ({@link PriceCalibration}), and for scarce short labels by what their classes' sales say beyond the trees
 * (or, for a class nobody bought, what the class one character longer is valued at: {@link ShortClassShifts});
 * the retail one never falls below the wholesale one. The 80% range is the range of the price if sold, mixed the same way, with offsets calibrated on sold names (see {@link ResidualRanges});
 * so a name with no market is valued near the floor and its range collapses towards it. A name's own
 * recorded sales move both parts ({@link RecordedSales}).
 *
 * @param version identifies the artifact (a hash of its content), reported with every valuation
 */
public record ValuationModel(String version, TreeEnsemble trees, TreeEnsemble marketability, FeatureEncoder encoder,
                             PriceCalibration calibration, ShortClassShifts shortClasses, ResidualRanges ranges, MarketabilityGate gate,
                             RecordedSales recorded) {
    public static final double COVERAGE = 0.8;
    /** What a name with no buyer is worth: about the price of registering one (a .com costs about $10 a year). */
    public static final double FLOOR_USD = 10;

    public ValuationModel {
        List<String> expected = java.util.Arrays.stream(Feature.values()).map(Enum::name).toList();
        for (TreeEnsemble ensemble : List.of(trees, marketability)) {
            if (!ensemble.featureNames().equals(expected)) {
                throw new IllegalArgumentException("model was trained on features " + ensemble.featureNames() + ", code has " + expected);
            }
        }
    }

    /**
     * A value in one market, ln dollars. {@code logIfSold} is the price-if-sold estimate (after the
     * name's own sales), {@code logHeld} what the coined-label ceiling took off ln value (0 when it did
     * not bind), {@code contributions} the per-feature attribution of the price if sold before the name's own sales
     * and the retail raise (empty when not asked for).
     */
    public record Estimate(double logValue, double logLow, double logHigh, double logIfSold, double logHeld, double[] contributions) {
    }

    /**
     * Both markets' estimates and the marketability behind them.
     *
     * @param recorded                  how the name's own sales moved it
     * @param retailRaise               how far (ln) the retail price if sold was raised to the wholesale one (0 where it was not below)
     * @param marketabilityContributions the per-feature attribution of the marketability log-odds (empty when not asked for)
     */
    public record Appraisal(double marketability, Estimate retail, Estimate wholesale, RecordedSales.Adjustment recorded,
                            double retailRaise, double[] marketabilityContributions) {
        public Estimate in(Market market) {
            return market == Market.RETAIL ? retail : wholesale;
        }
    }

    /** With attributions of the retail estimate and of the marketability (for drivers), or without (cheaper). */
    public Appraisal appraise(NameProfile profile, boolean explain) {
        double[] retailRow = encoder.encode(profile, Market.RETAIL);
        double[] wholesaleRow = retailRow.clone();
        wholesaleRow[Feature.MARKET.ordinal()] = Market.WHOLESALE.ordinal();
        double[] contributions = explain ? trees.contributions(retailRow) : new double[0];
        double[] marketabilityContributions = explain ? marketability.contributions(retailRow) : new double[0];
        double[] logIfSold = new double[Market.values().length];
        double retailTrees = explain ? sum(contributions) : trees.predict(retailRow);
        logIfSold[Market.RETAIL.ordinal()] = calibration.apply(Market.RETAIL, retailTrees);
        logIfSold[Market.WHOLESALE.ordinal()] = calibration.apply(Market.WHOLESALE, trees.predict(wholesaleRow));
        if (explain) {
            // The calibration moves the level every name starts from, not any one feature's effect.
            contributions[contributions.length - 1] += logIfSold[Market.RETAIL.ordinal()] - retailTrees;
        }
        double[] classShifts = new double[logIfSold.length];
        for (Market market : Market.values()) {
            classShifts[market.ordinal()] = shortClasses.shift(profile.name().label(), profile.name().tld(), market);
            logIfSold[market.ordinal()] += classShifts[market.ordinal()];
        }
        if (explain) {
            // What the class of a short label adds beyond the trees is that class's effect.
            contributions[Feature.SHORT_CLASS_VALUE.ordinal()] += classShifts[Market.RETAIL.ordinal()];
        }
        double logOdds = explain ? sum(marketabilityContributions) : marketability.predict(retailRow);
        var adjustment = recorded.adjust(profile.name().name(), logIfSold);
        double p = 1 / (1 + Math.exp(-logOdds));
        p += adjustment.weight() * (1 - p);
        boolean coined = MarketabilityGate.coined(profile);
        double wholesale = logIfSold[Market.WHOLESALE.ordinal()] + adjustment.logShift();
        // End users pay at least what investors do, who buy to sell to them. Where the auction evidence is
        // the firmer (the scarce short classes' auction sales) or an extension's retail sales are few (.nl),
        // the retail price if sold is raised to the wholesale one: the market, not any trait of the name,
        // accounts for the raise, so it is no feature's contribution but a driver of its own.
        double raise = Math.max(0, wholesale - (logIfSold[Market.RETAIL.ordinal()] + adjustment.logShift()));
        return new Appraisal(p,
                estimate(Market.RETAIL, logIfSold[Market.RETAIL.ordinal()] + adjustment.logShift() + raise, p, coined, contributions),
                estimate(Market.WHOLESALE, wholesale, p, coined, new double[0]),
                adjustment, raise, marketabilityContributions);
    }

    /** The trees' price if sold in one market, calibrated, before a scarce class's shift and the name's own sales (training). */
    public double treesIfSold(NameProfile profile, Market market) {
        return calibration.apply(market, trees.predict(encoder.encode(profile, market)));
    }

    /** The value in one market, ln dollars (training and evaluation). */
    public double logValue(NameProfile profile, Market market) {
        return appraise(profile, false).in(market).logValue();
    }

    private Estimate estimate(Market market, double logIfSold, double p, boolean coined, double[] contributions) {
        ResidualRanges.Band band = ranges.bandOf(market, logIfSold);
        double mixed = gate.mix(logIfSold, p);
        double low = gate.mix(logIfSold + band.low(), p);
        // A ceiling moves the whole range down with the value, so that the range keeps its shape,
        // its low end not going under the floor on that account.
        double held = gate.value(market, logIfSold, p, coined) - mixed;
        return new Estimate(mixed + held, Math.max(low + held, Math.min(low, Math.log(FLOOR_USD))), gate.mix(logIfSold + band.high(), p) + held,
                logIfSold, held, contributions);
    }

    /** This model with another marketability classifier (training: families held out). */
    public ValuationModel withMarketability(TreeEnsemble other) {
        return new ValuationModel(version, trees, other, encoder, calibration, shortClasses, ranges, gate, recorded);
    }

    private static double sum(double[] values) {
        double total = 0;
        for (double v : values) {
            total += v;
        }
        return total;
    }
}
