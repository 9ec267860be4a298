package domainintel.aws;

import io.micronaut.configuration.jdbc.hikari.DatasourceConfiguration;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import jakarta.inject.Singleton;

/**
 * On AWS the database password is not in the environment: the pool's configuration takes it from the
 * Secrets Manager secret named by {@code DATABASE_SECRET_ARN} (a plain string, or an RDS-managed JSON
 * secret) when the pool is first needed, which on Lambda is the first query, never the SnapStart init.
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
        configuration.setPassword(secrets.resolve(null, secretId));
        return configuration;
    }
}
