package domainintel.alerts.store;

import domainintel.aws.DynamoDbProperties;
import domainintel.aws.DynamoTable;
import jakarta.inject.Singleton;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;

/**
 * The delivery log: one item per (webhook, event) with every attempt, keyed so a webhook's
 * deliveries are one query, newest first (event ids sort by time). The same item is the
 * exactly-once guard: an attempt starts only with a conditional write on it. Items expire
 * ({@code expiresAt}, DynamoDB TTL on AWS) 30 days after the event. Mirrored in template.yaml.
 */
@Singleton
public class DeliveriesTable implements DynamoTable {
    static final String WEBHOOK_ID = "webhookId";
    static final String EVENT_ID = "eventId";

    private final String tableName;

    public DeliveriesTable(DynamoDbProperties dynamoDb) {
        this.tableName = dynamoDb.webhookDeliveriesTable();
    }

    public String name() {
        return tableName;
    }

    @Override
    public CreateTableRequest definition() {
        return DynamoTable.withPartitionAndSortKey(tableName, WEBHOOK_ID, EVENT_ID);
    }
}
