package domainintel.valuation.training;

import domainintel.sales.Sale;
import domainintel.sales.SalesCsv;
import domainintel.valuation.NameProfiler;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which sales the model learns from: each sale once, however many sources reported it. */
class TrainingDataTest {
    private static final NameProfiler PROFILER = NameProfiler.standalone();

    private static Sale sale(String domain, long price, String date, String source) {
        LocalDate day = date != null && date.length() == 10 ? LocalDate.parse(date) : null;
        Integer year = day != null ? Integer.valueOf(day.getYear()) : date != null ? Integer.valueOf(date) : null;
        return new Sale(domain, price, day, year, null, source);
    }

    @Test
    void aSaleSeveralSourcesReportedCountsOnce() {
        List<Sale> reported = List.of(
                sale("tp.com", 1_200_000, null, "dnjournal"),
                sale("tp.com", 1_200_000, "2024-12-31", TrainingData.YEAR_END_CHARTS),
                sale("casino.bet", 200_000, "2024-10-04", "namebio-2024"),
                sale("casino.bet", 200_000, null, "dnjournal"),
                sale("casino.bet", 200_000, "2024-12-31", TrainingData.YEAR_END_CHARTS),
                // Resold at the same price in another year: two sales.
                sale("novo.com", 52_999, "2019-12-17", "auctions-2015-2020-highvalue"),
                sale("novo.com", 52_999, "2018-10-26", "auctions-2015-2020-highvalue"),
                sale("tp.com", 900_000, "2021", "dnjournal"));
        List<Example> examples = TrainingData.all(reported, PROFILER, 42);
        assertEquals(List.of("tp.com dnjournal", "casino.bet namebio-2024", "casino.bet dnjournal", "novo.com auctions-2015-2020-highvalue",
                        "novo.com auctions-2015-2020-highvalue", "tp.com dnjournal"),
                examples.stream().map(e -> e.profile().name().name() + " " + e.source()).toList(),
                "once in each market, the weekly report over the year-end chart");

        var split = TrainingData.split(reported, PROFILER, 42);
        // With seed 42 every one of these names lands on the training side, which counts each sale once per market.
        assertEquals(List.of(), split.holdout());
        assertEquals(examples.stream().map(e -> e.profile().name().name() + " " + e.source()).toList(),
                split.training().stream().map(e -> e.profile().name().name() + " " + e.source()).toList());
        assertEquals(2, split.duplicates());
    }

    @Test
    void theHeldOutSideKeepsEveryReport() {
        List<Sale> reported = List.of(
                sale("kavanti.com", 5_000, null, "dnjournal"),
                sale("kavanti.com", 5_000, "2024-12-31", TrainingData.YEAR_END_CHARTS));
        // Seeds until the name is held out: the held-out side is measured on the rows as the data gives them.
        var split = java.util.stream.IntStream.range(0, 100).mapToObj(seed -> TrainingData.split(reported, PROFILER, seed))
                .filter(s -> !s.holdout().isEmpty()).findFirst().orElseThrow();
        assertEquals(2, split.holdout().size());
        assertEquals(0, split.duplicates());
    }

    @Test
    void theBundledSalesCountEachReportedSaleOnce() {
        List<Sale> sales = SalesCsv.bundled();
        List<Sale> distinct = TrainingData.distinct(sales);
        System.out.printf("bundled sales: %,d rows, %,d of them a repeated report of a sale, %,d sales%n",
                sales.size(), sales.size() - distinct.size(), distinct.size());
        assertTrue(sales.size() - distinct.size() > 100, "the year-end charts alone repeat over a hundred weekly reports");
        assertEquals(List.of("namebio-2024", "dnjournal"), distinct.stream().filter(s -> s.domain().equals("casino.bet")).map(Sale::source).toList());
    }
}
