package domainintel.market;

import domainintel.support.PostgresCluster;
import domainintel.support.TempDataDir;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
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
        Map<String, String> properties = new HashMap<>(TempDataDir.super.getProperties());
        properties.putAll(PostgresCluster.datasourceProperties(PostgresCluster.jdbcUrl("market")));
        return properties;
    }
}
