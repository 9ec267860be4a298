package domainintel.valuation.training;

import domainintel.sales.Market;
import domainintel.valuation.NameProfile;

/** One real sale prepared for training: the name's profile, its market and log price, and its name-level fold. */
record Example(NameProfile profile, Market market, double logPrice, int fold) {
}
