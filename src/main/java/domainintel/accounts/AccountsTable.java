package domainintel.accounts;

import domainintel.aws.DynamoTable;
import io.micronaut.context.annotation.Property;
import jakarta.inject.Singleton;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeyType;

/**
 * The accounts table, one partition key {@code pk} for three kinds of item: an account
 * ({@code acc_...}: tier, session version, its keys), an email's sign-in record
 * ({@code email#...}: the account and the BCrypt hash) and sign-in failure counters
 * ({@code signin#...}, expiring through the {@code expiresAt} TTL attribute on AWS).
 * Mirrored by {@code AccountsTable} in template.yaml.
 */
@Singleton
public class AccountsTable implements DynamoTable {
    public static final String PK = "pk";

    private final String tableName;

    public AccountsTable(@Property(name = "aws.dynamodb.accounts-table") String tableName) {
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
                .attributeDefinitions(DynamoTable.stringAttribute(PK))
                .keySchema(DynamoTable.key(PK, KeyType.HASH))
                .build();
    }
}
