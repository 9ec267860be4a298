package domainintel.market;

import java.time.LocalDate;
import java.time.YearMonth;

/** Months as consecutive integers (year * 12 + month - 1), so windows and periods are arithmetic. */
final class MonthIndex {
    private MonthIndex() {
    }

    static int of(LocalDate date) {
        return date.getYear() * 12 + date.getMonthValue() - 1;
    }

    static int of(YearMonth month) {
        return month.getYear() * 12 + month.getMonthValue() - 1;
    }

    static YearMonth toYearMonth(int index) {
        return YearMonth.of(Math.floorDiv(index, 12), Math.floorMod(index, 12) + 1);
    }
}
