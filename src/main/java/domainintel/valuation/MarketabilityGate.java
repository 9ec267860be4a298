package domainintel.valuation;

/**
 * How much of the price-if-sold a name's value takes, given its marketability {@code p}:
 * {@code w = σ(slope × logit p + shift)}, the rest being the floor. The identity ({@code slope} 1,
 * {@code shift} 0) is the plain expectation over the two outcomes; but the classifier's p is
 * uncertain for many names that do sell, and the expectation drags all of them down, so training
 * fits the gate out-of-fold (see the training package): steeper than p, so that names that look
 * like sold names keep their price-if-sold and names that look like no market get the floor.
 */
public record MarketabilityGate(double slope, double shift) {
    public static final MarketabilityGate IDENTITY = new MarketabilityGate(1, 0);

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

    /**
     * The price-if-sold that {@code logActual} corresponds to at marketability {@code p}: the
     * inverse of {@link #mix}, so that ranges can be calibrated on the mixture.
     */
    public double unmix(double logActual, double p) {
        double w = Math.max(weight(p), 1e-12);
        return Math.log(Math.max(Math.exp(logActual) - (1 - w) * ValuationModel.FLOOR_USD, 1e-9) / w);
    }
}
