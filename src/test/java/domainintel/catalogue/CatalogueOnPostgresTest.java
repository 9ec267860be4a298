package domainintel.catalogue;

import domainintel.support.PostgresCluster;
import domainintel.support.TempDataDir;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.junit.jupiter.api.TestInstance;

import java.util.HashMap;
import java.util.Map;

/** The same catalogue behaviour on a real PostgreSQL server (a throwaway cluster; see PostgresCluster). */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CatalogueOnPostgresTest extends CatalogueContract implements TempDataDir {
    @Override
    public Map<String, String> getProperties() {
        Map<String, String> properties = new HashMap<>(TempDataDir.super.getProperties());
        properties.putAll(PostgresCluster.datasourceProperties(PostgresCluster.jdbcUrl()));
        return properties;
    }
}
