package domainintel.aws;

import io.micronaut.context.annotation.Secondary;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import java.net.URI;

/** Endpoints from configuration alone ({@code DYNAMODB_ENDPOINT}, {@code SQS_ENDPOINT}); the production choice. */
@Singleton
@Secondary
public class ConfiguredAwsEndpoints implements AwsEndpoints {
    private final URI dynamoDb;
    private final URI sqs;

    public ConfiguredAwsEndpoints(DynamoDbProperties dynamoDb, SqsProperties sqs) {
        this.dynamoDb = toUri(dynamoDb.endpoint());
        this.sqs = toUri(sqs.endpoint());
    }

    public static URI toUri(@Nullable String value) {
        return value == null || value.isBlank() ? null : URI.create(value.trim());
    }

    @Override
    public URI dynamoDb() {
        return dynamoDb;
    }

    @Override
    public URI sqs() {
        return sqs;
    }
}
