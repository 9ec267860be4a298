package domainintel.aws;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import jakarta.annotation.PostConstruct;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Creates every feature's missing DynamoDB table at start-up, for DynamoDB Local and LocalStack.
 * Off on AWS ({@code DYNAMODB_CREATE_TABLES=false}), where the template owns the tables.
 * DynamoDB Local's first calls after a crash can be slow (SQLite recovers its journal), slower than
 * the client's call timeout on a loaded machine: a call that times out is tried again, for up to
 * {@link #PATIENCE}, rather than let one slow call stop the server from starting. An unreachable
 * DynamoDB (connection refused, unknown host) still fails the start at once.
 */
@Context
@Requires(property = "aws.dynamodb.create-tables", value = "true")
public class TableBootstrap {
    static final Duration PATIENCE = Duration.ofSeconds(90);
    private static final Logger LOG = LoggerFactory.getLogger(TableBootstrap.class);

    private final DynamoDbClient dynamoDb;
    private final List<DynamoTable> tables;

    public TableBootstrap(DynamoDbClient dynamoDb, List<DynamoTable> tables) {
        this.dynamoDb = dynamoDb;
        this.tables = tables;
    }

    @PostConstruct
    void createMissing() {
        Instant giveUp = Instant.now().plus(PATIENCE);
        while (true) {
            try {
                createMissingOnce();
                return;
            } catch (ApiCallTimeoutException | ApiCallAttemptTimeoutException slow) {
                if (Instant.now().isAfter(giveUp)) {
                    throw slow;
                }
                LOG.warn("DynamoDB did not answer the table check in time ({}); trying again", slow.getMessage());
                pause();
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for DynamoDB", e);
        }
    }

    private void createMissingOnce() {
        Set<String> existing = new HashSet<>(dynamoDb.listTablesPaginator().tableNames().stream().toList());
        for (DynamoTable table : tables) {
            var definition = table.definition();
            if (!existing.contains(definition.tableName())) {
                try {
                    dynamoDb.createTable(definition);
                    dynamoDb.waiter().waitUntilTableExists(b -> b.tableName(definition.tableName()));
                } catch (ResourceInUseException raced) {
                    // Another process sharing this DynamoDB created it first: fine.
                }
            }
        }
    }
}
