package domainintel.market;

import domainintel.support.TempDataDir;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.junit.jupiter.api.TestInstance;

/** Market trends on the local default: H2 in PostgreSQL mode, file-backed under DATA_DIR. */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MarketOnH2Test extends MarketTrendsContract implements TempDataDir {
}
