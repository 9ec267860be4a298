package domainintel.valuation.training;

import domainintel.sales.Market;
import domainintel.valuation.NameProfile;

/**
 * One real sale prepared for training: the name's profile, its market and log price, its
 * name-level fold, its weight in the fit and the source that reported it. Sales from a
 * price-selected source inform the fit through their weight (see {@link SelectionWeights}) but
 * never an error measurement, which must be on sales drawn at random.
 */
record Example(NameProfile profile, Market market, double logPrice, int fold, double weight, String source) {

    boolean priceSelected() {
        return SelectionWeights.PRICE_SELECTED.contains(source);
    }

    Example withFold(int newFold) {
        return new Example(profile, market, logPrice, newFold, weight, source);
    }
}
