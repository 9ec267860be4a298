package domainintel.aws;

import com.zaxxer.hikari.HikariDataSource;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The connection pools this function has created (without creating any: asking the context for its data
 * sources would open a pool in a function that has none yet), so that their connections can be closed
 * around a SnapStart snapshot ({@link SnapshotPriming}).
 */
@Singleton
public class ConnectionPools implements BeanCreatedEventListener<DataSource> {
    private final List<HikariDataSource> pools = new CopyOnWriteArrayList<>();

    @Override
    public DataSource onCreated(BeanCreatedEvent<DataSource> event) {
        if (event.getBean() instanceof HikariDataSource pool) {
            pools.add(pool);
        }
        return event.getBean();
    }

    /** Closes every pooled connection (idle ones now, busy ones when returned); new ones open on demand. */
    public void closeConnections() {
        for (HikariDataSource pool : pools) {
            if (pool.getHikariPoolMXBean() != null) {
                pool.getHikariPoolMXBean().softEvictConnections();
            }
        }
    }
}
