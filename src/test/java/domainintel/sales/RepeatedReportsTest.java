package domainintel.sales;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which reports are of one sale: same name, price and market, and no two different years. */
class RepeatedReportsTest {

    private static Sale sale(String domain, long price, Integer year, String source) {
        LocalDate date = year != null && source.equals("dnjournal-ytd") ? LocalDate.of(year, 12, 31) : null;
        return new Sale(domain, price, date, year, null, source);
    }

    @Test
    void theYearEndChartRepeatsTheWeeklyReportOfTheSameSale() {
        var reports = new RepeatedReports();
        assertTrue(reports.first("koko.com", sale("koko.com", 1_000_000, null, "dnjournal")));
        assertFalse(reports.first("koko.com", sale("koko.com", 1_000_000, 2024, "dnjournal-ytd")), "a report without a year matches any year");
    }

    @Test
    void anotherYearPriceOrMarketIsAnotherSale() {
        var reports = new RepeatedReports();
        assertTrue(reports.first("novo.com", sale("novo.com", 52_999, 2018, "dnjournal")));
        assertTrue(reports.first("novo.com", sale("novo.com", 52_999, 2019, "dnjournal")), "sold again the next year");
        assertTrue(reports.first("novo.com", sale("novo.com", 60_000, 2019, "dnjournal")), "another price");
        assertTrue(reports.first("novo.com", sale("novo.com", 52_999, 2019, "namebio-2024")), "the venue's record is the other market's report");
        assertFalse(reports.first("novo.com", sale("novo.com", 52_999, 2019, "dnjournal-ytd")));
        assertTrue(reports.first("novo.net", sale("novo.net", 52_999, 2019, "dnjournal")), "another name");
    }
}
