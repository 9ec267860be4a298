package domainintel.aws;

import io.micronaut.core.annotation.Nullable;

import java.net.URI;

/**
 * Where the AWS SDK clients connect. {@code null} means AWS's own regional endpoint; locally the
 * embedded stores supply loopback endpoints, and tests or a second process may name any endpoint.
 */
public interface AwsEndpoints {
    @Nullable
    URI dynamoDb();

    @Nullable
    URI sqs();

    /**
     * Whether DynamoDB lives and dies with this process (the embedded DynamoDB Local): then nothing
     * found in it at start can belong to a process still running.
     */
    default boolean dynamoDbOwnedByThisProcess() {
        return false;
    }
}
