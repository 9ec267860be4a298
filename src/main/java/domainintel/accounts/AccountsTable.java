package domainintel.accounts;

import domainintel.aws.DynamoDbProperties;
import domainintel.aws.DynamoTable;
import jakarta.inject.Singleton;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;

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

    public AccountsTable(DynamoDbProperties dynamoDb) {
        this.tableName = dynamoDb.accountsTable();
    }

    public String name() {
        return tableName;
    }

    @Override
    public CreateTableRequest definition() {
        return DynamoTable.withPartitionKey(tableName, PK);
    }
}
