package domainintel.market;

import domainintel.names.CategoryTaxonomy;
import domainintel.names.DomainNames;
import domainintel.support.Api;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Market trends through real HTTP, run against each database (H2 locally, PostgreSQL in CI): the
 * tier rule, every parameter, every period, totals that add up, and figures recomputed here from
 * the raw sales file. The admin import tests run last: they add sales that the other tests'
 * expectations (from the raw file) do not know about.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class MarketTrendsContract {
    private static final String TRENDS = "/api/v1/market/trends";
    /** Tokens the segmentation yields that buy nothing: fragments of longer names and function words. */
    private static final List<String> NOT_KEYWORDS = List.of("go", "no", "la", "us", "as", "co", "en", "re", "de", "el",
            "the", "and", "for", "you", "your", "all", "can", "des");

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    Api api;
    String enterprise;
    List<RawSales.Row> raw;
    /** What the trends describe: the dated sales of registrable names. */
    List<RawSales.Row> dated;

    @BeforeAll
    void setUp() {
        api = new Api(server.getURI(), json);
        enterprise = api.createKey("enterprise", null);
        raw = RawSales.read();
        dated = raw.stream().filter(RawSales.Row::dated).filter(r -> DomainNames.tryParse(r.domain()).isPresent()).toList();
    }

    private JsonNode trends(String query) {
        var reply = api.get(TRENDS + (query.isEmpty() ? "" : "?" + query), enterprise);
        assertEquals(200, reply.status(), reply.raw().body());
        return reply.data();
    }

    private static long sales(JsonNode node) {
        return node.get("sales").getLongValue();
    }

    private static JsonNode row(JsonNode list, String field, String value) {
        for (JsonNode row : list.values()) {
            if (row.get(field).getStringValue().equals(value)) {
                return row;
            }
        }
        throw new AssertionError("no " + field + " " + value + " in " + list);
    }

    @Test
    void sovereignKeysAreRefusedEnterpriseKeysServed() {
        String sovereign = api.createKey("sovereign", null);
        var refused = api.get(TRENDS, sovereign);
        assertEquals(403, refused.status());
        assertEquals("insufficient_tier", refused.errorCode());
        assertEquals(401, api.get(TRENDS, null).status());
        var served = api.get(TRENDS, enterprise);
        assertEquals(200, served.status());
        assertEquals(served.data(), api.get("/v1/market/trends", enterprise).data(), "the /v1 alias answers the same");
    }

    @Test
    void summaryIsEveryDatedSaleOfTheRawFile() {
        JsonNode data = trends("");
        JsonNode summary = data.get("summary");
        List<Long> prices = RawSales.prices(dated, r -> true);
        assertEquals(prices.size(), sales(summary));
        assertEquals(RawSales.sum(prices), summary.get("volume").getLongValue());
        assertEquals(RawSales.median(prices), summary.get("medianPrice").getLongValue());
        assertEquals(dated.stream().map(RawSales.Row::month).min(String::compareTo).orElseThrow(), summary.get("from").getStringValue());
        assertEquals(dated.stream().map(RawSales.Row::month).max(String::compareTo).orElseThrow(), summary.get("to").getStringValue());
        assertEquals("month", data.get("period").getStringValue());
        assertTrue(prices.size() < raw.size(), "bare-year and undated sales are left out");
    }

    @Test
    void comSalesOfOneMonthMatchTheRawFile() {
        List<Long> prices = RawSales.prices(dated, r -> r.inComOnly() && r.month().equals("2024-10"));
        JsonNode data = trends("tld=com&from=2024-10&to=2024-10");
        assertEquals(prices.size(), sales(data.get("summary")));
        assertEquals(RawSales.median(prices), data.get("summary").get("medianPrice").getLongValue());
        JsonNode point = data.get("series").get(0);
        assertEquals("2024-10", point.get("period").getStringValue());
        assertEquals(prices.size(), sales(point));
        assertEquals(RawSales.sum(prices), point.get("volume").getLongValue());
        JsonNode com = data.get("tlds").get(0);
        assertEquals(1, data.get("tlds").size());
        assertEquals("com", com.get("tld").getStringValue());
        assertEquals(1.0, com.get("share").getDoubleValue());
        // And the same month unfiltered: .com's share of all sales of that month.
        JsonNode all = trends("from=2024-10&to=2024-10");
        long month = dated.stream().filter(r -> r.month().equals("2024-10")).count();
        assertEquals(month, sales(all.get("summary")));
        JsonNode comRow = row(all.get("tlds"), "tld", "com");
        assertEquals(prices.size(), sales(comRow));
        assertEquals(Math.round(10_000.0 * prices.size() / month) / 10_000.0, comRow.get("share").getDoubleValue());
    }

    @ParameterizedTest
    @CsvSource({"quarter,2019-Q2,2019-04,2019-06", "year,2019,2019-01,2019-12", "month,2018-03,2018-03,2018-03"})
    void eachPeriodHasTheRawFiguresOfItsMonths(String period, String label, String first, String last) {
        Predicate<RawSales.Row> inPeriod = r -> r.month().compareTo(first) >= 0 && r.month().compareTo(last) <= 0;
        List<Long> prices = RawSales.prices(dated, inPeriod);
        JsonNode point = row(trends("period=" + period).get("series"), "period", label);
        assertEquals(prices.size(), sales(point));
        assertEquals(RawSales.sum(prices), point.get("volume").getLongValue());
        assertEquals(RawSales.median(prices), point.get("medianPrice").getLongValue());
    }

    @ParameterizedTest
    @ValueSource(strings = {"period=month", "period=quarter", "period=year", "period=quarter&from=2017-11&to=2019-02",
            "period=year&tld=net", "period=month&category=technology&from=2019-01", "period=quarter&market=retail",
            "period=year&to=2018-05"})
    void seriesAndBreakdownsAddUpToTheSummary(String query) {
        JsonNode data = trends(query);
        JsonNode summary = data.get("summary");
        long sales = 0;
        long volume = 0;
        for (JsonNode point : data.get("series").values()) {
            sales += sales(point);
            volume += point.get("volume").getLongValue();
        }
        assertEquals(sales(summary), sales, query);
        assertEquals(summary.get("volume").getLongValue(), volume, query);
        for (String breakdown : List.of("tlds", "categories", "lengths")) {
            long sum = 0;
            for (JsonNode row : data.get(breakdown).values()) {
                sum += sales(row);
            }
            assertEquals(sales(summary), sum, query + " " + breakdown);
        }
    }

    @Test
    void seriesRunsOverEveryPeriodOfTheWindowIncludingEmptyOnes() {
        JsonNode data = trends("from=2020-04&to=2020-08");
        List<String> labels = new ArrayList<>();
        data.get("series").values().forEach(p -> labels.add(p.get("period").getStringValue()));
        assertEquals(List.of("2020-04", "2020-05", "2020-06", "2020-07", "2020-08"), labels);
        JsonNode june = data.get("series").get(2);
        assertEquals(0, sales(june));
        assertTrue(june.get("medianPrice").isNull());
        assertTrue(june.get("change").isNull(), "no median, no change");
        assertTrue(data.get("series").get(0).get("change").isNull(), "the window's first period has no previous one");
        JsonNode april = data.get("series").get(0);
        JsonNode may = data.get("series").get(1);
        double expected = Math.round(10_000.0 * (may.get("medianPrice").getLongValue() - april.get("medianPrice").getLongValue())
                / april.get("medianPrice").getLongValue()) / 10_000.0;
        assertEquals(expected, may.get("change").getDoubleValue());

        JsonNode quarters = trends("period=quarter&from=2024-11&to=2025-01");
        assertEquals("2024-Q4", quarters.get("series").get(0).get("period").getStringValue());
        assertEquals("2025-Q1", quarters.get("series").get(1).get("period").getStringValue());
        assertEquals(dated.stream().filter(r -> r.month().compareTo("2024-11") >= 0).count(), sales(quarters.get("summary")),
                "a quarter cut by the window counts only the window's months");
    }

    @Test
    void tldChangeComparesTheLastTwoPeriodsWithSales() {
        JsonNode data = trends("period=year&from=2018-01&to=2019-12");
        assertEquals("2019", data.get("changeBasis").get("current").getStringValue());
        assertEquals("2018", data.get("changeBasis").get("previous").getStringValue());
        long y2019 = RawSales.median(RawSales.prices(dated, r -> r.inComOnly() && r.date().startsWith("2019")));
        long y2018 = RawSales.median(RawSales.prices(dated, r -> r.inComOnly() && r.date().startsWith("2018")));
        JsonNode com = row(data.get("tlds"), "tld", "com");
        assertEquals(Math.round(10_000.0 * (y2019 - y2018) / y2018) / 10_000.0, com.get("change").getDoubleValue());
    }

    @Test
    void filtersSelectTheirPartOfTheMarket() {
        JsonNode all = trends("");
        long total = sales(all.get("summary"));
        // tld
        JsonNode net = trends("tld=.NET");
        assertEquals(sales(row(all.get("tlds"), "tld", "net")), sales(net.get("summary")));
        assertEquals("net", net.get("filters").get("tld").getStringValue());
        // any form a name's suffix may take: a trailing dot, Unicode (an IDN suffix is punycode)
        assertEquals(net.get("summary"), trends("tld=net.").get("summary"));
        assertEquals("xn--p1ai", trends("tld=%D1%80%D0%A4").get("filters").get("tld").getStringValue());
        assertEquals(RawSales.prices(dated, r -> r.domain().matches("[a-z0-9-]+\\.net")).size(), sales(net.get("summary")));
        // category: each category's own query is its row of the breakdown
        long sum = 0;
        for (JsonNode row : all.get("categories").values()) {
            String category = row.get("category").getStringValue();
            assertTrue(CategoryTaxonomy.isCategory(category));
            JsonNode only = trends("category=" + category);
            assertEquals(sales(row), sales(only.get("summary")), category);
            assertEquals(row.get("medianPrice").getLongValue(), only.get("summary").get("medianPrice").getLongValue(), category);
            assertEquals(1, only.get("categories").size());
            sum += sales(row);
            assertTrue(row.get("topKeywords").size() <= 5);
        }
        assertEquals(total, sum);
        JsonNode technology = row(all.get("categories"), "category", "technology");
        assertTrue(technology.get("topKeywords").values().iterator().hasNext(), "technology names have keywords");
        // market: retail is the trade-press sources, wholesale the auctions
        long retail = dated.stream().filter(r -> r.source().startsWith("dnjournal")).count();
        assertEquals(retail, sales(trends("market=retail").get("summary")));
        assertEquals(total - retail, sales(trends("market=wholesale").get("summary")));
        // from/to, inclusive
        assertEquals(dated.stream().filter(r -> r.month().compareTo("2019-03") >= 0 && r.month().compareTo("2019-05") <= 0).count(),
                sales(trends("from=2019-03&to=2019-05").get("summary")));
        // filters combine
        List<Long> comRetail = RawSales.prices(dated, r -> r.inComOnly() && r.source().startsWith("dnjournal"));
        JsonNode combined = trends("tld=com&market=retail&from=2020-01&to=2024-12");
        assertEquals(comRetail.size(), sales(combined.get("summary")));
        assertEquals(RawSales.median(comRetail), combined.get("summary").get("medianPrice").getLongValue());
    }

    private static List<String> keywords(JsonNode categoryRow) {
        List<String> words = new ArrayList<>();
        categoryRow.get("topKeywords").values().forEach(w -> words.add(w.getStringValue()));
        return words;
    }

    @Test
    void topKeywordsOfTheBundledSalesAreWordsNotFragments() {
        JsonNode categories = trends("").get("categories");
        for (JsonNode row : categories.values()) {
            List<String> top = keywords(row);
            assertFalse(top.isEmpty(), row.toString());
            for (String word : top) {
                assertFalse(NOT_KEYWORDS.contains(word), row.get("category").getStringValue() + ": " + top);
            }
        }
        // What general names were sold for, rather than go, no, la, us.
        List<String> general = keywords(row(categories, "category", "general"));
        assertTrue(general.containsAll(List.of("life", "world", "city")), general.toString());
        assertTrue(keywords(row(categories, "category", "technology")).containsAll(List.of("online", "tech", "web")));
    }

    @Test
    @Order(Integer.MAX_VALUE - 2)
    void topKeywordsSkipFragmentsAndFunctionWordsButKeepTheTaxonomysAcronyms() {
        // An import, so it runs with the import tests, last. A month of its own, before the bundled history: general names with a fragment or a function word
        // beside a real word, and technology names with a two-letter keyword of the taxonomy.
        String csv = """
                domain,price_usd,date,source
                gohappy.com,500,2014-03-02,namebio
                nohappy.com,500,2014-03-02,namebio
                happyus.com,500,2014-03-02,namebio
                lahappy.com,500,2014-03-02,namebio
                thehappy.com,500,2014-03-02,namebio
                allhappy.com,500,2014-03-02,namebio
                canhappy.com,500,2014-03-02,namebio
                happyforyou.com,500,2014-03-02,namebio
                happy7.com,500,2014-03-02,namebio
                tvdata.com,900,2014-03-03,namebio
                tvcloud.com,900,2014-03-03,namebio
                tvlabs.com,900,2014-03-03,namebio
                """;
        var reply = api.send("POST", "/admin/v1/sales/import", Api.ADMIN_TOKEN, "text/csv", csv);
        assertEquals(200, reply.status(), reply.raw().body());
        assertEquals(12, reply.data().get("import").get("imported").getLongValue());
        JsonNode categories = trends("from=2014-03&to=2014-03").get("categories");
        assertEquals(List.of("happy"), keywords(row(categories, "category", "general")));
        assertEquals(List.of("tv", "cloud", "data", "labs"), keywords(row(categories, "category", "technology")));
    }

    @Test
    void lengthBucketsAreLabelLengthsWithALongTail() {
        JsonNode lengths = trends("").get("lengths");
        long three = dated.stream().filter(r -> r.label().length() == 3).count();
        long longer = dated.stream().filter(r -> r.label().length() >= 15).count();
        JsonNode last = null;
        for (JsonNode row : lengths.values()) {
            if (row.get("length").getIntValue() == 3) {
                assertEquals(three, sales(row));
                assertFalse(row.get("orLonger").getBooleanValue());
            }
            last = row;
        }
        assertEquals(15, last.get("length").getIntValue());
        assertTrue(last.get("orLonger").getBooleanValue());
        assertEquals(longer, sales(last));
    }

    @Test
    void aRealTldWithoutSalesIsAnEmptyMarket() {
        JsonNode data = trends("tld=museum&from=2024-01&to=2024-03");
        assertEquals(0, sales(data.get("summary")));
        assertTrue(data.get("summary").get("medianPrice").isNull());
        assertEquals(3, data.get("series").size());
        assertEquals(0, data.get("tlds").size());
        assertTrue(data.get("changeBasis").isNull());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "period=week|period", "period=|period", "tld=zzzz|tld", "tld=foo.com|tld", "tld=c$m|tld",
            "category=stuff|category", "market=auction|market", "from=2024-13|from", "from=2024-1|from",
            "to=2024/10|to", "to=1900-01|to", "from=2024-05&to=2024-04|from", "from=2024-01&from=2024-02|from"})
    void badParametersAreRefusedNamingThem(String query, String parameter) {
        var reply = api.get(TRENDS + "?" + query, enterprise);
        assertEquals(400, reply.status(), query);
        assertEquals("invalid_request", reply.errorCode());
        assertTrue(reply.body().get("error").get("message").getStringValue().contains("'" + parameter + "'"),
                reply.body().get("error").get("message").getStringValue());
    }

    @Test
    @Order(Integer.MAX_VALUE - 1)
    void importedSalesJoinTheTrendsAndBadRowsAreReported() {
        String month = YearMonth.now().minusMonths(1).toString();
        String before = "tld=com&from=" + month + "&to=" + month;
        long salesBefore = sales(trends(before).get("summary"));
        long retailBefore = sales(trends(before + "&market=retail").get("summary"));
        RawSales.Row known = dated.get(0);
        String csv = """
                domain,price_usd,date,venue,source,market
                zqxmarketone.com,1000,%1$s-03,Sedo,broker-report,retail
                ZQXMarketTwo.com.,3000,%1$s-04,,namebio,
                zqxmarketthree.com,2000,%1$s-05,GoDaddy,namebio,wholesale
                %2$s,%3$d,%4$s,,%5$s,
                not a domain,100,%1$s-05,,namebio,
                zqxbadprice.com,12k,%1$s-05,,namebio,
                zqxfuture.com,100,2999-01-01,,namebio,
                zqxbadmarket.com,100,%1$s-05,,namebio,auction

                zqxyearonly.com,700,2019,,namebio,
                """.formatted(month, known.domain(), known.price(), known.date(), known.source());
        var reply = api.send("POST", "/admin/v1/sales/import", Api.ADMIN_TOKEN, "text/csv", csv);
        assertEquals(200, reply.status(), reply.raw().body());
        JsonNode report = reply.data().get("import");
        assertEquals(9, report.get("rows").getLongValue());
        assertEquals(4, report.get("imported").getLongValue());
        assertEquals(1, report.get("duplicates").getLongValue());
        assertEquals(4, report.get("rejected").getLongValue());
        List<Long> lines = new ArrayList<>();
        report.get("rejections").values().forEach(r -> lines.add(r.get("line").getLongValue()));
        assertEquals(List.of(6L, 7L, 8L, 9L), lines);
        assertEquals("zqxbadprice.com", report.get("rejections").get(1).get("domain").getStringValue());

        JsonNode after = trends(before);
        assertEquals(salesBefore + 3, sales(after.get("summary")), "the dated .com imports are in; the bare-year one is not");
        assertEquals(retailBefore + 1, sales(trends(before + "&market=retail").get("summary")), "the market column, when given, decides");
        var again = api.send("POST", "/admin/v1/sales/import", Api.ADMIN_TOKEN, "text/csv", csv).data().get("import");
        assertEquals(0, again.get("imported").getLongValue());
        assertEquals(5, again.get("duplicates").getLongValue(), "importing the same file twice adds nothing");
        assertEquals(salesBefore + 3, sales(trends(before).get("summary")));
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void salesImportNeedsTheAdminTokenAndAHeader() {
        assertEquals(401, api.send("POST", "/admin/v1/sales/import", null, "text/csv", "domain,price_usd,date,source\n").status());
        var noHeader = api.send("POST", "/admin/v1/sales/import", Api.ADMIN_TOKEN, "text/csv", "domain,price\nzqx.com,100\n");
        assertEquals(400, noHeader.status());
        assertEquals("invalid_request", noHeader.errorCode());
        assertTrue(noHeader.body().get("error").get("message").getStringValue().contains("price_usd"));
        var empty = api.send("POST", "/admin/v1/sales/import", Api.ADMIN_TOKEN, "text/csv", "domain,price_usd,date,source\n");
        assertEquals(200, empty.status());
        assertEquals(0, empty.data().get("import").get("rows").getLongValue());
        assertEquals(0, empty.data().get("import").get("rejections").size(), "the report has one shape, rejections included");
    }
}
