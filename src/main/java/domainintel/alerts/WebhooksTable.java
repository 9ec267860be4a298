package domainintel.alerts;

import domainintel.aws.DynamoTable;
import io.micronaut.context.annotation.Property;
import jakarta.inject.Singleton;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Webhooks, partitioned by owner (the customer account) so every API call is a key lookup or a
 * one-partition query, never a scan. Mirrored by {@code WebhooksTable} in template.yaml.
 */
@Singleton
public class WebhooksTable implements DynamoTable {
    static final String OWNER = "owner";
    static final String WEBHOOK_ID = "webhookId";

    private final String tableName;

    public WebhooksTable(@Property(name = "aws.dynamodb.webhooks-table") String tableName) {
        this.tableName = tableName;
    }

    public String name() {
        return tableName;
    }

    @Override
    public CreateTableRequest definition() {
        return CreateTableRequest.builder()
                .tableName(tableName)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                        AttributeDefinition.builder().attributeName(OWNER).attributeType(ScalarAttributeType.S).build(),
                        AttributeDefinition.builder().attributeName(WEBHOOK_ID).attributeType(ScalarAttributeType.S).build())
                .keySchema(
                        KeySchemaElement.builder().attributeName(OWNER).keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName(WEBHOOK_ID).keyType(KeyType.RANGE).build())
                .build();
    }
}
