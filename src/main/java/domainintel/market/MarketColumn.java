package domainintel.market;

import domainintel.contract.WireNameColumn;
import domainintel.sales.Market;
import jakarta.inject.Singleton;

/** The {@code sales.market} column. */
@Singleton
public class MarketColumn extends WireNameColumn<Market> {
    public MarketColumn() {
        super(Market.class);
    }
}
