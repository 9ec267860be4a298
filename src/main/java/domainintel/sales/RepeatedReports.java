package domainintel.sales;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Tells the first report of each sale from later reports of it by other sources: a weekly trade-press report, then
 * that year's top-sales chart; the venue's own record, then an auction list. Two reports are of one sale when they
 * give the same name, price and market, in the same year or one of them without a year (see {@link Sale#sameYearAs}).
 * The same name sold for the same price in different years stays two sales (novo.com at $52,999 in 2018 and 2019).
 * Offer the reports in the order of preference: the first of each sale is the one kept.
 */
public final class RepeatedReports {
    private final Map<String, List<Sale>> firstByNamePriceAndMarket = new HashMap<>();

    /**
     * Whether {@code sale} is the first report of its sale offered here. Only first reports are remembered: a later
     * one is matched against the reports kept. {@code name} is the sale's name as the caller compares names (as
     * reported, or normalised).
     */
    public boolean first(String name, Sale sale) {
        List<Sale> same = firstByNamePriceAndMarket.computeIfAbsent(name + ' ' + sale.priceUsd() + ' ' + sale.market(), k -> new ArrayList<>());
        if (same.stream().anyMatch(sale::sameYearAs)) {
            return false;
        }
        same.add(sale);
        return true;
    }
}
