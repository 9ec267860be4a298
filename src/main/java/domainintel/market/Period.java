package domainintel.market;

import java.time.YearMonth;
import domainintel.contract.WireNames;


/** How the series is cut: calendar months, quarters or years (UTC dates as reported). */
public enum Period {
    MONTH(1), QUARTER(3), YEAR(12);

    private final int months;

    Period(int months) {
        this.months = months;
    }

    public String wireName() {
        return WireNames.of(this);
    }

    /** The period a month falls in, as a number that grows by one from a period to the next. */
    int of(int monthIndex) {
        return Math.floorDiv(monthIndex, months);
    }

    /** {@code 2024-10}, {@code 2024-Q4} or {@code 2024}. */
    String label(int period) {
        YearMonth first = MonthIndex.toYearMonth(period * months);
        return switch (this) {
            case MONTH -> first.toString();
            case QUARTER -> first.getYear() + "-Q" + ((first.getMonthValue() - 1) / 3 + 1);
            case YEAR -> Integer.toString(first.getYear());
        };
    }
}
