package domainintel.market;

import domainintel.names.CategoryTaxonomy;
import domainintel.names.DomainNames;
import domainintel.sales.Market;
import domainintel.contract.Rejection;
import domainintel.contract.QueryParameters;

import java.time.YearMonth;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The validated parameters of {@code GET /market/trends}: the period of the series, the filters, and
 * the window of months ({@code from}/{@code to}, inclusive). Every bad value is {@code invalid_request}
 * naming the parameter. Equal queries are equal records, which is what the per-query cache keys on.
 */
public record TrendQuery(Period period, Optional<String> tld, Optional<String> category, Optional<Market> market,
                         Optional<YearMonth> from, Optional<YearMonth> to) {
    /** The earliest and latest months a window may name (the first .com was registered in 1985). */
    static final YearMonth EARLIEST = YearMonth.of(1985, 1);
    static final YearMonth LATEST = YearMonth.of(2099, 12);
    private static final Pattern MONTH = Pattern.compile("\\d{4}-\\d{2}");

    public static TrendQuery parse(QueryParameters params) {
        Period period = params.oneOf("period", Period.class).orElse(Period.MONTH);
        Optional<String> tld = params.string("tld").map(value -> DomainNames.parseSuffix(value, "Query parameter 'tld'"));
        Optional<String> category = params.oneOf("category", CategoryTaxonomy.categories());
        Optional<Market> market = params.oneOf("market", Market.class);
        Optional<YearMonth> from = params.string("from").map(v -> month("from", v));
        Optional<YearMonth> to = params.string("to").map(v -> month("to", v));
        if (from.isPresent() && to.isPresent() && from.get().isAfter(to.get())) {
            throw Rejection.invalidRequest("Query parameter 'from' (" + from.get() + ") must not be after 'to' (" + to.get() + ").");
        }
        return new TrendQuery(period, tld, category, market, from, to);
    }

    private static YearMonth month(String name, String value) {
        YearMonth month = null;
        if (MONTH.matcher(value).matches()) {
            int m = Integer.parseInt(value.substring(5));
            month = m >= 1 && m <= 12 ? YearMonth.of(Integer.parseInt(value.substring(0, 4)), m) : null;
        }
        if (month == null) {
            throw Rejection.invalidRequest("Query parameter '" + name + "' must be a month as YYYY-MM, e.g. 2024-10.");
        }
        if (month.isBefore(EARLIEST) || month.isAfter(LATEST)) {
            throw Rejection.invalidRequest("Query parameter '" + name + "' must be between " + EARLIEST + " and " + LATEST + ".");
        }
        return month;
    }
}
