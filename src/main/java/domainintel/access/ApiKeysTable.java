package domainintel.access;

import domainintel.aws.DynamoDbProperties;
import domainintel.aws.DynamoTable;
import jakarta.inject.Singleton;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * The API keys table: one item per key, keyed by the SHA-256 of the secret so the request path
 * finds it in one strongly consistent write; the {@code byKeyId} index serves the admin API.
 * Mirrored by {@code ApiKeysTable} in template.yaml.
 */
@Singleton
public class ApiKeysTable implements DynamoTable {
    static final String KEY_HASH = "keyHash";
    static final String KEY_ID = "keyId";
    static final String BY_KEY_ID = "byKeyId";

    private final String tableName;

    public ApiKeysTable(DynamoDbProperties dynamoDb) {
        this.tableName = dynamoDb.apiKeysTable();
    }

    public String name() {
        return tableName;
    }

    @Override
    public CreateTableRequest definition() {
        return CreateTableRequest.builder()
                .tableName(tableName)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(DynamoTable.stringAttribute(KEY_HASH), DynamoTable.stringAttribute(KEY_ID))
                .keySchema(DynamoTable.key(KEY_HASH, KeyType.HASH))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder()
                        .indexName(BY_KEY_ID)
                        .keySchema(DynamoTable.key(KEY_ID, KeyType.HASH))
                        .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build())
                        .build())
                .build();
    }
}
