package domainintel.alerts.store;

import domainintel.aws.DynamoDbProperties;
import domainintel.aws.DynamoTable;
import jakarta.inject.Singleton;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;

/**
 * Webhooks, partitioned by owner (the customer account) so every API call is a key lookup or a
 * one-partition query, never a scan. Mirrored by {@code WebhooksTable} in template.yaml.
 */
@Singleton
public class WebhooksTable implements DynamoTable {
    static final String OWNER = "owner";
    static final String WEBHOOK_ID = "webhookId";

    private final String tableName;

    public WebhooksTable(DynamoDbProperties dynamoDb) {
        this.tableName = dynamoDb.webhooksTable();
    }

    public String name() {
        return tableName;
    }

    @Override
    public CreateTableRequest definition() {
        return DynamoTable.withPartitionAndSortKey(tableName, OWNER, WEBHOOK_ID);
    }
}
