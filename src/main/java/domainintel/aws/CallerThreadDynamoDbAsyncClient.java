package domainintel.aws;

import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * The asynchronous DynamoDB client of a Lambda function: each call made through a synchronous client on the
 * caller's thread, handed back as a future already complete. A function container serves one request at a
 * time and has no event loop to keep free, so nothing is gained by waiting elsewhere, while the real
 * asynchronous client there loaded Micronaut's Netty HTTP client, Reactor and the SDK's async pipeline on the
 * first keyed request (about 900 classes: docs/benchmarks.md).
 * <p>
 * Only the calls the request path's key check makes ({@code access.DynamoDbApiKeyRepository}) are here; any
 * other throws {@link UnsupportedOperationException}, as the interface's defaults do. A failure completes the
 * future as the SDK's asynchronous client completes it: a {@link CompletionException} around the SDK's own
 * exception (a {@code ConditionalCheckFailedException}, an {@code SdkClientException} when DynamoDB is out of
 * reach), so the callers' handling is the same on both.
 */
final class CallerThreadDynamoDbAsyncClient implements DynamoDbAsyncClient {
    private final DynamoDbClient dynamoDb;

    CallerThreadDynamoDbAsyncClient(DynamoDbClient dynamoDb) {
        this.dynamoDb = dynamoDb;
    }

    @Override
    public CompletableFuture<UpdateItemResponse> updateItem(UpdateItemRequest request) {
        return completed(() -> dynamoDb.updateItem(request));
    }

    @Override
    public CompletableFuture<GetItemResponse> getItem(GetItemRequest request) {
        return completed(() -> dynamoDb.getItem(request));
    }

    private static <T> CompletableFuture<T> completed(Supplier<T> call) {
        try {
            return CompletableFuture.completedFuture(call.get());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(new CompletionException(e));
        }
    }

    @Override
    public String serviceName() {
        return dynamoDb.serviceName();
    }

    @Override
    public void close() {
        dynamoDb.close();
    }
}
