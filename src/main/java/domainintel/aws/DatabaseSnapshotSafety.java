package domainintel.aws;

import com.zaxxer.hikari.HikariDataSource;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import jakarta.inject.Singleton;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A connection pool that exists when SnapStart takes its snapshot would be restored holding sockets
 * that are long dead (and, hours later, perhaps a rotated password). Each pool, once created, is
 * registered with the runtime's checkpoint/restore hooks: before the snapshot its connections are
 * closed, after a restore the password is read again from Secrets Manager (when one is configured)
 * and connections are opened on demand. Pools that never exist before the snapshot (the usual case:
 * no query runs at init) are left alone.
 */
@Singleton
public class DatabaseSnapshotSafety implements BeanCreatedEventListener<DataSource> {
    private static final Logger LOG = LoggerFactory.getLogger(DatabaseSnapshotSafety.class);

    private final SecretValues secrets;
    private final String passwordSecretId;
    // org.crac holds registered resources weakly; these must live as long as their pools.
    private final List<Resource> resources = new CopyOnWriteArrayList<>();

    public DatabaseSnapshotSafety(SecretValues secrets, @Property(name = "database.password-secret") @Nullable String passwordSecretId) {
        this.secrets = secrets;
        this.passwordSecretId = passwordSecretId;
    }

    @Override
    public DataSource onCreated(BeanCreatedEvent<DataSource> event) {
        if (event.getBean() instanceof HikariDataSource pool) {
            Resource resource = new PoolResource(pool);
            resources.add(resource);
            Core.getGlobalContext().register(resource);
        }
        return event.getBean();
    }

    private final class PoolResource implements Resource {
        private final HikariDataSource pool;

        PoolResource(HikariDataSource pool) {
            this.pool = pool;
        }

        @Override
        public void beforeCheckpoint(Context<? extends Resource> context) {
            if (pool.getHikariPoolMXBean() != null) {
                pool.getHikariPoolMXBean().softEvictConnections();
                LOG.info("Closed the connections of pool {} before the snapshot", pool.getPoolName());
            }
        }

        @Override
        public void afterRestore(Context<? extends Resource> context) {
            if (passwordSecretId != null && !passwordSecretId.isBlank()) {
                pool.getHikariConfigMXBean().setPassword(secrets.resolve(null, passwordSecretId));
            }
            if (pool.getHikariPoolMXBean() != null) {
                pool.getHikariPoolMXBean().softEvictConnections();
            }
        }
    }
}
