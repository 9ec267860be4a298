package domainintel.aws;

import com.zaxxer.hikari.HikariDataSource;
import io.micronaut.configuration.jdbc.hikari.DatasourceConfiguration;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The pool reads the database password from the secret when it connects, not when it is created. */
class DatabasePasswordFromSecretTest {
    @Test
    void thePasswordIsReadForEachNewConnectionAndNeverWhenThePoolIsCreated() throws Exception {
        String url = "jdbc:h2:mem:password-on-connect;DB_CLOSE_DELAY=-1";
        try (Connection owner = DriverManager.getConnection(url, "sa", "")) {
            owner.createStatement().execute("CREATE USER app PASSWORD 'first' ADMIN");
            AtomicReference<String> secret = new AtomicReference<>("first");
            AtomicInteger reads = new AtomicInteger();
            DatasourceConfiguration configuration = new DatasourceConfiguration("default");
            configuration.setUrl(url);
            configuration.setDriverClassName("org.h2.Driver");
            configuration.setUsername("app");
            configuration.setMinimumIdle(0);
            configuration.setInitializationFailTimeout(-1);
            configuration.setConnectionTimeout(1000);
            configuration.setDataSource(new DatabasePasswordFromSecret.PasswordOnConnect(configuration, () -> {
                reads.incrementAndGet();
                return secret.get();
            }));

            try (HikariDataSource pool = new HikariDataSource(configuration)) {
                assertEquals(0, reads.get(), "creating the pool (a function's init) reads no secret");
                try (Connection c = pool.getConnection()) {
                    c.createStatement().execute("SELECT 1");
                }
                assertEquals(1, reads.get());

                // Rotated: the pooled connection is dropped; the next one is opened with the new password.
                owner.createStatement().execute("ALTER USER app SET PASSWORD 'second'");
                secret.set("second");
                pool.getHikariPoolMXBean().softEvictConnections();
                try (Connection c = pool.getConnection()) {
                    c.createStatement().execute("SELECT 1");
                }
                assertEquals(2, reads.get());

                secret.set("wrong");
                pool.getHikariPoolMXBean().softEvictConnections();
                assertThrows(SQLException.class, pool::getConnection);
            }
        }
    }
}
