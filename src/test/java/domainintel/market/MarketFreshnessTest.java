package domainintel.market;

import domainintel.sales.Market;
import domainintel.support.Api;
import domainintel.support.TempDataDir;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Sales added by another process (another Lambda instance's import) reach this process's trends
 * through the periodic check of the history's highest id, not through this process's own import.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MarketFreshnessTest implements TempDataDir {
    private static final String MONTH = "/api/v1/market/trends?from=2021-03&to=2021-03";

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    SalesBulk bulk;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> properties = new HashMap<>(TempDataDir.super.getProperties());
        properties.put("market.trends.check-every", "1ms");
        return properties;
    }

    @Test
    void salesWrittenElsewhereShowUpAfterTheCheckInterval() throws Exception {
        Api api = new Api(server.getURI(), json);
        String key = api.createKey("enterprise", null);
        long before = api.get(MONTH, key).data().get("summary").get("sales").getLongValue();
        // Written straight to the table, as another process's import would: this process is not told.
        bulk.insert(List.of(new StoredSale(null, "zqxelsewhere.com", "com", 900, LocalDate.of(2021, 3, 9), 2021, null,
                "namebio", Market.WHOLESALE, Instant.now())));
        Thread.sleep(5);
        var after = api.get(MONTH, key).data().get("summary");
        assertEquals(before + 1, after.get("sales").getLongValue());
    }
}
