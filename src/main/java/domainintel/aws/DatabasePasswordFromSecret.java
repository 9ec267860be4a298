package domainintel.aws;

import com.zaxxer.hikari.util.DriverDataSource;
import io.micronaut.configuration.jdbc.hikari.DatasourceConfiguration;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * On AWS the database password is not in the environment: it is the Secrets Manager secret named by
 * {@code DATABASE_SECRET_ARN} (a plain string, or an RDS-managed JSON secret), read when the pool opens a
 * connection (through {@link SecretValues}' cache, so a rotated password is used within its cache time).
 * Not when the pool is created: Micronaut creates connection pools at start-up, so a read there ran in
 * every function's init (and SnapStart snapshot), Secrets Manager rights or not.
 */
@Singleton
@Requires(property = "database.password-secret", pattern = ".+")
public class DatabasePasswordFromSecret implements BeanCreatedEventListener<DatasourceConfiguration> {
    private final SecretValues secrets;
    private final String secretId;

    public DatabasePasswordFromSecret(SecretValues secrets, @Property(name = "database.password-secret") String secretId) {
        this.secrets = secrets;
        this.secretId = secretId;
    }

    @Override
    public DatasourceConfiguration onCreated(BeanCreatedEvent<DatasourceConfiguration> event) {
        DatasourceConfiguration configuration = event.getBean();
        // The pool asks its data source for each new connection; this one connects with the secret's password.
        configuration.setDataSource(new PasswordOnConnect(configuration, () -> secrets.resolve(null, secretId)));
        return configuration;
    }

    /** The pool's JDBC driver data source, given the password anew for every connection it opens. */
    static final class PasswordOnConnect implements DataSource {
        private final DatasourceConfiguration configuration;
        private final Supplier<String> password;
        private volatile DriverDataSource driver;
        private volatile int loginTimeoutSeconds;

        PasswordOnConnect(DatasourceConfiguration configuration, Supplier<String> password) {
            this.configuration = configuration;
            this.password = password;
        }

        private DriverDataSource driver() throws SQLException {
            if (driver == null) {
                synchronized (this) {
                    if (driver == null) {
                        driver = new DriverDataSource(configuration.getJdbcUrl(), configuration.getDriverClassName(),
                                configuration.getDataSourceProperties(), configuration.getUsername(), null);
                        driver.setLoginTimeout(loginTimeoutSeconds);
                    }
                }
            }
            return driver;
        }

        @Override
        public Connection getConnection() throws SQLException {
            return getConnection(configuration.getUsername(), null);
        }

        @Override
        public Connection getConnection(String username, String ignoredPassword) throws SQLException {
            return driver().getConnection(username, password.get());
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {
        }

        @Override
        public void setLoginTimeout(int seconds) {
            loginTimeoutSeconds = seconds;
        }

        @Override
        public int getLoginTimeout() {
            return loginTimeoutSeconds;
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            if (type.isInstance(this)) {
                return type.cast(this);
            }
            throw new SQLException("Not a wrapper of " + type);
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return type.isInstance(this);
        }
    }
}
