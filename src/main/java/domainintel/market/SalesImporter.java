package domainintel.market;

import com.fasterxml.jackson.annotation.JsonInclude;
import domainintel.csv.CsvImport;
import domainintel.names.DomainName;
import domainintel.names.DomainNames;
import domainintel.sales.Market;
import domainintel.contract.Rejection;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import jakarta.inject.Singleton;

import java.io.Reader;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Adds newly reported sales to the history from a CSV in the bundled file's columns
 * ({@code domain,price_usd,date,venue,source}, plus an optional {@code market}), then rebuilds the
 * trends. A sale already recorded (same name, price, date and source) is counted as a duplicate and
 * not added again, so an overlapping export can be imported safely; bad rows are reported.
 */
@Singleton
public class SalesImporter {
    static final String FORMAT = "domain,price_usd,date,venue,source[,market]";
    static final long MAX_PRICE = 1_000_000_000_000L;
    private static final Pattern SOURCE = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");
    private static final Pattern YEAR = Pattern.compile("\\d{4}");
    private static final int MAX_VENUE = 128;

    private final SalesBulk bulk;
    private final BundledSales bundled;
    private final MarketTrends trends;
    private final Clock clock;

    public SalesImporter(SalesBulk bulk, BundledSales bundled, MarketTrends trends, Clock clock) {
        this.bundled = bundled;
        this.bulk = bulk;
        this.trends = trends;
        this.clock = clock;
    }

    /** Every field always present ({@code rejections} too, empty), so clients read one shape. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Report(long rows, long imported, long duplicates, long rejected, List<CsvImport.RejectedRow> rejections) {
    }

    public Report importCsv(Reader csv) {
        bundled.loadIfAbsent(); // the bundled sales first, whatever the start-up did, so an import never stands in for them
        Instant now = clock.instant();
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        List<StoredSale> accepted = new ArrayList<>();
        Set<String> inThisFile = new HashSet<>();
        long[] duplicates = {0};
        var outcome = CsvImport.read(csv, FORMAT, List.of("domain", "price_usd", "date", "source"), "domain", row -> {
            DomainName name = DomainNames.parse(row.get("domain"));
            long price = price(row.get("price_usd"));
            String dateText = row.get("date");
            LocalDate date = date(dateText, today);
            Integer year = date != null ? Integer.valueOf(date.getYear()) : dateText.isEmpty() ? null : year(dateText, today);
            String source = source(row.get("source"));
            String venue = row.optional("venue").orElse(null);
            if (venue != null && venue.length() > MAX_VENUE) {
                throw Rejection.invalidRequest("'venue' is longer than " + MAX_VENUE + " characters.");
            }
            Market market = row.optional("market").map(SalesImporter::market).orElse(Market.ofSource(source));
            var sale = new StoredSale(null, name.name(), name.tld(), price, date, year, venue, source, market, now);
            if (!inThisFile.add(sale.naturalKey())) {
                duplicates[0]++;
            } else {
                accepted.add(sale);
            }
        }, rows -> { });
        // Sales already in the history are skipped by the insert itself (their natural key), so two
        // imports of one file at the same moment store each sale once and each reports what it added.
        // In key order, so two imports that overlap wait on each other's rows in one order and never deadlock.
        accepted.sort(java.util.Comparator.comparing(StoredSale::naturalKey));
        int imported = accepted.isEmpty() ? 0 : bulk.insert(accepted);
        if (imported > 0) {
            trends.refresh();
        }
        return new Report(outcome.rows(), imported, duplicates[0] + accepted.size() - imported, outcome.rejected(), outcome.rejections());
    }

    private static long price(String value) {
        long price;
        try {
            price = Long.parseLong(value.replace("$", "").replace("_", ""));
        } catch (NumberFormatException e) {
            throw Rejection.invalidRequest("'price_usd' must be a whole number of USD, got '" + shown(value) + "'.");
        }
        if (price < 1 || price > MAX_PRICE) {
            throw Rejection.invalidRequest("'price_usd' must be between 1 and " + MAX_PRICE + ".");
        }
        return price;
    }

    /** {@code YYYY-MM-DD}, not in the future; null when the field is empty or a bare year. */
    private static LocalDate date(String value, LocalDate today) {
        if (value.isEmpty() || YEAR.matcher(value).matches()) {
            return null;
        }
        LocalDate date;
        try {
            date = value.length() == 10 ? LocalDate.parse(value) : null;
        } catch (DateTimeParseException e) {
            date = null;
        }
        if (date == null) {
            throw Rejection.invalidRequest("'date' must be YYYY-MM-DD, a year (YYYY) or empty, got '" + shown(value) + "'.");
        }
        if (date.isAfter(today)) {
            throw Rejection.invalidRequest("'date' " + date + " is in the future.");
        }
        if (date.isBefore(TrendQuery.EARLIEST.atDay(1))) {
            throw Rejection.invalidRequest("'date' " + date + " is before " + TrendQuery.EARLIEST + ".");
        }
        return date;
    }

    private static Integer year(String value, LocalDate today) {
        int year = Integer.parseInt(value);
        if (year < TrendQuery.EARLIEST.getYear() || year > today.getYear()) {
            throw Rejection.invalidRequest("'date' year " + year + " is not between " + TrendQuery.EARLIEST.getYear() + " and this year.");
        }
        return year;
    }

    private static String source(String value) {
        String source = value.toLowerCase(Locale.ROOT);
        if (!SOURCE.matcher(source).matches()) {
            throw Rejection.invalidRequest("'source' must be a short name of letters, digits, '.', '_' or '-' (e.g. 'namebio'), got '"
                    + shown(value) + "'.");
        }
        return source;
    }

    private static Market market(String value) {
        return Market.fromWire(value.toLowerCase(Locale.ROOT)).orElseThrow(
                () -> Rejection.invalidRequest("'market' must be wholesale or retail, got '" + shown(value) + "'."));
    }

    private static String shown(@Nullable String value) {
        return value == null ? "" : value.length() > 40 ? value.substring(0, 37) + "..." : value;
    }
}
