package domainintel.aws;

import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A DynamoDB table a feature owns. On AWS the SAM template creates it; locally and in tests
 * {@link TableBootstrap} creates it from this definition, so the two are kept side by side.
 */
public interface DynamoTable {
    CreateTableRequest definition();

    /** An on-demand table keyed by a string partition key alone. */
    static CreateTableRequest withPartitionKey(String tableName, String partitionKey) {
        return CreateTableRequest.builder()
                .tableName(tableName)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(stringAttribute(partitionKey))
                .keySchema(key(partitionKey, KeyType.HASH))
                .build();
    }

    /** An on-demand table keyed by a string partition key and a string sort key. */
    static CreateTableRequest withPartitionAndSortKey(String tableName, String partitionKey, String sortKey) {
        return CreateTableRequest.builder()
                .tableName(tableName)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(stringAttribute(partitionKey), stringAttribute(sortKey))
                .keySchema(key(partitionKey, KeyType.HASH), key(sortKey, KeyType.RANGE))
                .build();
    }

    static AttributeDefinition stringAttribute(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
    }

    static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }
}
