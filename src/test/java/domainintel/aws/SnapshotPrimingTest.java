package domainintel.aws;

import domainintel.support.Api;
import domainintel.support.LambdaRuntime;
import io.micronaut.context.ApplicationContext;
import io.micronaut.jdbc.DataSourceResolver;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import javax.sql.DataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SnapStart's hooks as the runtime calls them, on an API function loaded the way Lambda loads it: before the
 * snapshot the function primes itself (its request path, the valuation model) and drops its database
 * connections; after the restore it still answers, and its pool opens a new connection.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SnapshotPrimingTest {
    private static final String HANDLER = "domainintel.aws.ApiFunction";

    ApplicationContext stores;
    LambdaRuntime runtime;
    JsonMapper json;

    @BeforeAll
    void start() throws Exception {
        String dataDir = Files.createTempDirectory("snapshot-priming").toString();
        stores = ApplicationContext.run(Map.of("data-dir", dataDir, "micronaut.server.port", "-1",
                "market.bootstrap", "off", "webhooks.local-workers", "false"));
        AwsEndpoints endpoints = stores.getBean(AwsEndpoints.class);
        json = stores.getBean(JsonMapper.class);
        runtime = LambdaRuntime.asOnAws(dataDir, endpoints, Map.of("valuation.preload", "true"));
    }

    @AfterAll
    void stop() throws Exception {
        runtime.close();
        stores.close();
    }

    @Test
    void aFunctionPrimedForTheSnapshotAnswersAfterTheRestoreOnANewConnection() throws Exception {
        String key = body(invoke("admin-create-key.json", Map.of("${ADMIN_TOKEN}", Api.ADMIN_TOKEN), 201))
                .get("data").get("key").getStringValue();
        invoke("list-domains.json", Map.of("${API_KEY}", key), 200);
        ApplicationContext function = runtime.userHandler(HANDLER, ApiFunction.class).getApplicationContext();
        DataSource pool = function.getBean(DataSourceResolver.class).resolve(function.getBean(DataSource.class));
        Connection before = physical(pool);

        SnapshotPriming priming = function.getBean(SnapshotPriming.class);
        priming.beforeCheckpoint(null);
        assertEquals(Map.of(), priming.failedWarmUps(), "the request path and the valuation model were warmed");
        priming.afterRestore(null);

        assertNotSame(before, physical(pool), "the connection from before the snapshot is not used after the restore");
        JsonNode listing = body(invoke("list-domains.json", Map.of("${API_KEY}", key), 200));
        assertTrue(listing.get("success").getBooleanValue());
        assertEquals(998, listing.get("rateLimit").get("remaining").getLongValue(), "the second counted request of the key");
    }

    /** The driver's connection behind the pool's next one (returned to the pool at once). */
    private static Connection physical(DataSource pool) throws Exception {
        try (Connection pooled = pool.getConnection()) {
            return pooled.unwrap(Connection.class);
        }
    }

    private String invoke(String fixture, Map<String, String> substitutions, int status) throws Exception {
        String event = Files.readString(Path.of("events", fixture));
        for (var s : substitutions.entrySet()) {
            event = event.replace(s.getKey(), s.getValue());
        }
        JsonNode response = json.readValue(runtime.invoke(HANDLER, event), JsonNode.class);
        String answer = response.get("body").getStringValue();
        assertEquals(status, response.get("statusCode").getIntValue(), fixture + ": " + answer);
        return answer;
    }

    private JsonNode body(String answer) throws Exception {
        return json.readValue(answer, JsonNode.class);
    }
}
