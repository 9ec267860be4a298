package domainintel.aws;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

/**
 * {@code aws.dynamodb.*}: where DynamoDB is (empty: AWS's regional endpoint, or the embedded DynamoDB
 * Local) and the names of the tables.
 */
@ConfigurationProperties("aws.dynamodb")
public record DynamoDbProperties(@Nullable String endpoint, String apiKeysTable, String webhooksTable,
                                 String webhookDeliveriesTable, String accountsTable) {
}
