package domainintel.market;

import domainintel.support.PostgresCluster;
import domainintel.support.TempDataDir;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.TestInstance;

import java.util.HashMap;
import java.util.Map;

/**
 * The same market behaviour on a real PostgreSQL server, in a database of its own: the import
 * tests add sales that another class's expectations must not see.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MarketOnPostgresTest extends MarketTrendsContract implements TempDataDir {
    @Override
    public Map<String, String> getProperties() {
        String url = PostgresCluster.jdbcUrl("market").orElse(null);
        if (url == null && "true".equals(System.getenv("REQUIRE_POSTGRES"))) {
            throw new IllegalStateException("REQUIRE_POSTGRES is set but PostgreSQL is unavailable: " + PostgresCluster.whyUnavailable());
        }
        Assumptions.assumeTrue(url != null, () -> "PostgreSQL unavailable: " + PostgresCluster.whyUnavailable());
        Map<String, String> properties = new HashMap<>(TempDataDir.super.getProperties());
        properties.put("datasources.default.url", url);
        properties.put("datasources.default.username", "postgres");
        properties.put("datasources.default.password", "");
        properties.put("datasources.default.driver-class-name", "org.postgresql.Driver");
        return properties;
    }
}
