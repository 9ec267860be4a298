package domainintel.aws;

import com.amazonaws.services.lambda.runtime.events.CloudFormationCustomResourceEvent;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.function.aws.MicronautRequestHandler;
import io.micronaut.jdbc.DataSourceResolver;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Inject;
import org.flywaydb.core.Flyway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one step that migrates PostgreSQL, once per deploy: a CloudFormation custom resource invokes it
 * when the stack is created or its migration function changes, and the functions that use the database
 * publish their SnapStart versions only after it answered SUCCESS. No other function runs Flyway
 * ({@code FLYWAY_ENABLED=false}), so their init never needs the database.
 * <p>
 * CloudFormation waits for the answer on the pre-signed {@code ResponseURL}, so every outcome, failure
 * included, is sent there; a failed migration fails (and rolls back) the deploy with its reason.
 */
public class DatabaseMigrationFunction extends MicronautRequestHandler<CloudFormationCustomResourceEvent, Map<String, Object>> {
    private static final Logger LOG = LoggerFactory.getLogger(DatabaseMigrationFunction.class);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @Inject
    DataSource dataSource;
    // Micronaut Data hands out a proxy bound to its own connection management; Flyway needs the pool.
    @Inject
    DataSourceResolver dataSourceResolver;
    @Inject
    JsonMapper json;

    public DatabaseMigrationFunction() {
    }

    public DatabaseMigrationFunction(ApplicationContext context) {
        super(context);
    }

    /** Only what this function uses is created (see {@link LazyLambdaContext}). */
    @Override
    protected ApplicationContextBuilder newApplicationContextBuilder() {
        return LazyLambdaContext.builder();
    }

    @Override
    public Map<String, Object> execute(CloudFormationCustomResourceEvent event) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("Status", "SUCCESS");
        answer.put("PhysicalResourceId", "database-migrations");
        answer.put("StackId", event.getStackId());
        answer.put("RequestId", event.getRequestId());
        answer.put("LogicalResourceId", event.getLogicalResourceId());
        if (!"Delete".equals(event.getRequestType())) {
            try {
                int applied = Flyway.configure().dataSource(dataSourceResolver.resolve(dataSource)).locations("classpath:db/migration").load()
                        .migrate().migrationsExecuted;
                LOG.info("Database migrations applied: {}", applied);
                answer.put("Data", Map.of("MigrationsApplied", applied));
            } catch (RuntimeException e) {
                LOG.error("Database migration failed", e);
                answer.put("Status", "FAILED");
                answer.put("Reason", "Database migration failed: " + e.getMessage());
            }
        }
        respond(event.getResponseUrl(), answer);
        return answer;
    }

    private void respond(String responseUrl, Map<String, Object> answer) {
        try {
            // The pre-signed S3 URL is signed without a content type, so none may be sent.
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(responseUrl))
                    .timeout(Duration.ofSeconds(30))
                    .PUT(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(answer))).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 != 2) {
                throw new IllegalStateException("CloudFormation's response URL answered " + response.statusCode());
            }
        } catch (IOException e) {
            throw new IllegalStateException("Could not answer CloudFormation", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while answering CloudFormation", e);
        }
    }
}
