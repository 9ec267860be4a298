package domainintel.aws;

import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;

/**
 * A DynamoDB table a feature owns. On AWS the SAM template creates it; locally and in tests
 * {@link TableBootstrap} creates it from this definition, so the two are kept side by side.
 */
public interface DynamoTable {
    CreateTableRequest definition();
}
