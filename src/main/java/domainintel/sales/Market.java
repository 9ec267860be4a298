package domainintel.sales;

import domainintel.contract.WireNames;

import java.util.Optional;

/**
 * The two markets in the sales data, which price the same name very differently: auction/wholesale
 * (domainers buying from domainers, median about $300) and retail/end-user (median about $3,800).
 */
public enum Market {
    WHOLESALE, RETAIL;

    /** The bundled sources: trade-press reports ({@code dnjournal*}) are retail, every auction source is wholesale. */
    public static Market ofSource(String source) {
        return source.startsWith("dnjournal") ? RETAIL : WHOLESALE;
    }

    /** Lower-case name as it appears in JSON and CSV. */
    public String wireName() {
        return WireNames.of(this);
    }

    public static Optional<Market> fromWire(String value) {
        return WireNames.parse(Market.class, value);
    }
}
