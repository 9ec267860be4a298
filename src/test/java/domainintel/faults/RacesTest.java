package domainintel.faults;

import domainintel.catalogue.PriceChange;
import domainintel.catalogue.PriceChangeRepository;
import domainintel.catalogue.ListingRepository;
import domainintel.market.BundledSales;
import domainintel.support.Api;
import domainintel.support.TempDataDir;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Parallel writers on one item, as a client library retrying in a loop or two operators at once
 * would: no 500 and no duplicate, whatever the interleaving. Each race starts its writers together.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RacesTest implements TempDataDir {
    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    ApplicationContext context;
    Api api;

    @Override
    public Map<String, String> getProperties() {
        return withProperties(Map.of("webhooks.allow-private-targets", "true"));
    }

    @BeforeEach
    void setUp() {
        api = new Api(server.getURI(), json);
    }

    /** Runs {@code n} calls released at the same moment; their replies in call order. */
    static List<Api.Reply> race(int n, IntFunction<Api.Reply> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Api.Reply>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                futures.add(pool.submit((Callable<Api.Reply>) () -> {
                    start.await();
                    return call.apply(index);
                }));
            }
            start.countDown();
            List<Api.Reply> replies = new ArrayList<>();
            for (Future<Api.Reply> f : futures) {
                replies.add(f.get());
            }
            return replies;
        } finally {
            pool.shutdownNow();
        }
    }

    private long count(String sql, Object... args) throws Exception {
        DataSource dataSource = DelegatingDataSource.unwrapDataSource(context.getBean(DataSource.class));
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                s.setObject(i + 1, args[i]);
            }
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }
    }

    private Api.Reply put(String domain, String body) {
        return api.send("PUT", "/admin/v1/domains/" + domain, Api.ADMIN_TOKEN, "application/json", body);
    }

    @Test
    void twentyParallelPutsOfOneNewListingMakeOneRow() throws Exception {
        List<Api.Reply> replies = race(20, i -> put("zqxrace-new.com", "{\"price\":" + (1000 + i) + "}"));
        replies.forEach(r -> assertTrue(r.status() == 200 || r.status() == 201, r.status() + " " + r.raw().body()));
        assertEquals(1, replies.stream().filter(r -> r.status() == 201).count(), "one creation");
        assertEquals(1, count("SELECT COUNT(*) FROM listings WHERE name = ?", "zqxrace-new.com"));
        assertChained(context.getBean(PriceChangeRepository.class).history("zqxrace-new.com"));
        long last = context.getBean(ListingRepository.class).findByName("zqxrace-new.com").orElseThrow().price();
        List<PriceChange> history = context.getBean(PriceChangeRepository.class).history("zqxrace-new.com");
        assertEquals(last, history.get(history.size() - 1).newPrice(), "the history ends at the listing's price");
    }

    @Test
    void parallelPriceChangesLeaveAnOrderedChainedHistory() throws Exception {
        assertEquals(201, put("zqxrace-chain.com", "{\"price\":500}").status());
        List<Api.Reply> replies = race(12, i -> put("zqxrace-chain.com", "{\"price\":" + (600 + i) + "}"));
        replies.forEach(r -> assertEquals(200, r.status(), r.raw().body()));
        List<PriceChange> history = context.getBean(PriceChangeRepository.class).history("zqxrace-chain.com");
        assertEquals(13, history.size());
        assertChained(history);
    }

    /** Each change starts from the price the one before it ended at, and time never goes back. */
    private static void assertChained(List<PriceChange> history) {
        for (int i = 1; i < history.size(); i++) {
            assertEquals(history.get(i - 1).newPrice(), history.get(i).oldPrice(), "change " + i + " of " + history);
            assertTrue(!history.get(i).changedAt().isBefore(history.get(i - 1).changedAt()), "time order at " + i);
        }
    }

    @Test
    void parallelInventoryImportsReportEveryRowAndStoreEachListingOnce() throws Exception {
        int rows = 40;
        List<Api.Reply> replies = race(6, i -> {
            StringBuilder csv = new StringBuilder("domain,price\n");
            for (int r = 0; r < rows; r++) {
                csv.append("zqximport-").append(r).append(".com,").append(100 + i).append('\n');
            }
            return api.send("POST", "/admin/v1/domains/import", Api.ADMIN_TOKEN, "text/csv", csv.toString());
        });
        for (Api.Reply reply : replies) {
            assertEquals(200, reply.status(), reply.raw().body());
            JsonNode report = reply.data().get("import");
            long accounted = report.get("created").getLongValue() + report.get("updated").getLongValue()
                    + report.get("unchanged").getLongValue() + report.get("rejected").getLongValue();
            assertEquals(rows, report.get("rows").getLongValue());
            assertEquals(rows, accounted, "every row reported: " + reply.raw().body());
            assertEquals(0, report.get("rejected").getLongValue(), reply.raw().body());
        }
        long created = replies.stream().mapToLong(r -> r.data().get("import").get("created").getLongValue()).sum();
        assertEquals(rows, created, "each listing created once across the imports");
        assertEquals(rows, count("SELECT COUNT(*) FROM listings WHERE name LIKE 'zqximport-%'"));
    }

    @Test
    void tenParallelImportsOfOneSaleStoreItOnce() throws Exception {
        // The first import of a fresh database loads the bundled history; done beforehand, so the race is on the sale alone.
        context.getBean(BundledSales.class).loadIfAbsent();
        String csv = "domain,price_usd,date,venue,source\nzqxsale-once.com,4321,2024-05-06,Sedo,racetest\n";
        List<Api.Reply> replies = race(10, i -> api.send("POST", "/admin/v1/sales/import", Api.ADMIN_TOKEN, "text/csv", csv));
        replies.forEach(r -> assertEquals(200, r.status(), r.raw().body()));
        assertEquals(1, replies.stream().mapToLong(r -> r.data().get("import").get("imported").getLongValue()).sum());
        assertEquals(9, replies.stream().mapToLong(r -> r.data().get("import").get("duplicates").getLongValue()).sum());
        assertEquals(1, count("SELECT COUNT(*) FROM sales WHERE domain = ?", "zqxsale-once.com"));
    }

    @Test
    void theWebhookCapHoldsUnderFortyParallelRegistrations() throws Exception {
        String key = api.createKey("enterprise", "race-cap");
        List<Api.Reply> replies = race(40, i -> api.postJson("/api/v1/webhooks", key,
                "{\"url\":\"http://127.0.0.1:9/hook" + i + "\",\"events\":[\"domain.listed\"]}"));
        // A loaded machine can make a registration outlast the store timeout (503, nothing stored): the client retries it.
        List<Api.Reply> settled = new ArrayList<>();
        for (int i = 0; i < replies.size(); i++) {
            Api.Reply reply = replies.get(i);
            for (int retry = 0; reply.status() == 503 && retry < 5; retry++) {
                reply = api.postJson("/api/v1/webhooks", key, "{\"url\":\"http://127.0.0.1:9/hook" + i + "\",\"events\":[\"domain.listed\"]}");
            }
            settled.add(reply);
        }
        replies = settled;
        assertEquals(25, replies.stream().filter(r -> r.status() == 201).count());
        replies.stream().filter(r -> r.status() != 201).forEach(r -> {
            assertEquals(400, r.status(), r.raw().body());
            assertEquals("invalid_request", r.errorCode());
        });
        assertEquals(25, api.get("/api/v1/webhooks", key).data().get("webhooks").size());
        // A deletion frees exactly one place.
        String first = replies.stream().filter(r -> r.status() == 201).findFirst().orElseThrow()
                .data().get("webhook").get("id").getStringValue();
        assertEquals(200, api.send("DELETE", "/api/v1/webhooks/" + first, key, null, null).status());
        assertEquals(404, api.send("DELETE", "/api/v1/webhooks/" + first, key, null, null).status());
        List<Api.Reply> again = race(5, i -> api.postJson("/api/v1/webhooks", key,
                "{\"url\":\"http://127.0.0.1:9/again" + i + "\",\"events\":[\"domain.listed\"]}"));
        assertEquals(1, again.stream().filter(r -> r.status() == 201).count());
        assertEquals(404, api.get("/api/v1/webhooks/%23count", key).status());
    }
}
