package domainintel.aws;

import com.zaxxer.hikari.HikariDataSource;
import domainintel.names.DomainNames;
import domainintel.valuation.Valuator;
import io.micronaut.context.BeanContext;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.jdbc.DataSourceResolver;
import org.crac.Core;
import org.crac.Resource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SnapStart's hooks for a function (org.crac: the Lambda Java runtime calls them before it snapshots an
 * initialised function and after it restores the snapshot in a new execution environment).
 * <p>
 * Before the snapshot it warms what the first request after a restore would otherwise pay for: the
 * warm-ups the function's handler registered (its own request path, see {@code ApiFunction}) and, in the
 * functions that load the valuation model at init, a few valuations; then it closes pooled database
 * connections, which would be dead sockets after a restore. After a restore it closes them again (in case
 * one was opened meanwhile) and forgets cached secrets, so that the first use reads them anew. A warm-up that
 * fails is logged and skipped: it must not stop the version from being published.
 */
@Context
@Requires(env = "lambda")
public class SnapshotPriming implements Resource {
    private static final Logger LOG = LoggerFactory.getLogger(SnapshotPriming.class);
    private static final List<String> SAMPLE_NAMES = List.of("cloudkitchen.com", "bestpizza.net", "x7q.io", "solarbank.ai");

    private final Map<String, Runnable> warmUps = new ConcurrentHashMap<>();
    private final Map<String, String> failedWarmUps = new ConcurrentHashMap<>();
    private final BeanContext context;
    private final SecretValues secrets;

    public SnapshotPriming(SecretValues secrets, BeanContext context,
                           @Property(name = "valuation.preload", defaultValue = "true") boolean valuationPreloaded) {
        this.context = context;
        this.secrets = secrets;
        if (valuationPreloaded) {
            warmUps.put("valuations", () -> {
                Valuator valuator = context.getBean(Valuator.class);
                for (String name : SAMPLE_NAMES) {
                    valuator.value(DomainNames.parse(name));
                }
            });
        }
        // org.crac holds resources weakly; this bean lives as long as the function's context.
        Core.getGlobalContext().register(this);
    }

    /** Something to run once before the snapshot, so that its code is loaded and compiled in it. */
    public void addWarmUp(String name, Runnable warmUp) {
        warmUps.put(name, warmUp);
    }

    /** The warm-ups that failed at the last checkpoint, with why. */
    public Map<String, String> failedWarmUps() {
        return Map.copyOf(failedWarmUps);
    }

    @Override
    public void beforeCheckpoint(org.crac.Context<? extends Resource> context) {
        failedWarmUps.clear();
        warmUps.forEach((name, warmUp) -> {
            long started = System.nanoTime();
            try {
                warmUp.run();
                LOG.info("Primed {} before the snapshot in {} ms", name, (System.nanoTime() - started) / 1_000_000);
            } catch (RuntimeException e) {
                failedWarmUps.put(name, e.toString());
                LOG.warn("Priming {} failed ({}); the first request will pay for it", name, e.toString());
            }
        });
        closePooledConnections();
    }

    @Override
    public void afterRestore(org.crac.Context<? extends Resource> context) {
        closePooledConnections();
        secrets.forget();
    }

    /**
     * Closes every pooled connection (idle ones now, busy ones when returned); new ones open on demand. Asking for
     * the data sources creates none: a function's pool is created at start-up, or it has none (turned off).
     */
    private void closePooledConnections() {
        DataSourceResolver resolver = context.findBean(DataSourceResolver.class).orElse(DataSourceResolver.DEFAULT);
        for (DataSource dataSource : context.getBeansOfType(DataSource.class)) {
            if (resolver.resolve(dataSource) instanceof HikariDataSource pool && pool.getHikariPoolMXBean() != null) {
                pool.getHikariPoolMXBean().softEvictConnections();
            }
        }
    }
}
