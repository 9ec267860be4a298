package domainintel.aws;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import jakarta.annotation.PostConstruct;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Creates every feature's missing DynamoDB table at start-up, for DynamoDB Local and LocalStack.
 * Off on AWS ({@code DYNAMODB_CREATE_TABLES=false}), where the template owns the tables.
 */
@Context
@Requires(property = "aws.dynamodb.create-tables", value = "true")
public class TableBootstrap {
    private final DynamoDbClient dynamoDb;
    private final List<DynamoTable> tables;

    public TableBootstrap(DynamoDbClient dynamoDb, List<DynamoTable> tables) {
        this.dynamoDb = dynamoDb;
        this.tables = tables;
    }

    @PostConstruct
    void createMissing() {
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
