package domainintel.aws;

import io.micronaut.buffer.netty.NettyByteBufferFactory;
import io.micronaut.context.annotation.Factory;
import io.micronaut.http.HttpVersion;
import io.micronaut.http.client.HttpVersionSelection;
import io.micronaut.http.client.RawHttpClient;
import io.micronaut.http.client.RawHttpClientRegistry;
import jakarta.inject.Singleton;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.client.config.SdkAdvancedAsyncClientOption;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

import java.net.URI;
import java.time.Duration;

/** The AWS SDK v2 clients, pointed at AWS or at a local endpoint by configuration alone. */
@Factory
public class AwsClientFactory {
    /** The Micronaut HTTP client (micronaut.http.services.*) that carries the asynchronous DynamoDB client's calls. */
    static final String DYNAMODB_HTTP_CLIENT = "dynamodb";
    private static final Duration SYNC_CALL_TIMEOUT = Duration.ofSeconds(8);

    /**
     * The synchronous clients use the JDK's HTTP connection (the SDK's url-connection client), AWS's advice for
     * a Lambda cold start: about 200 fewer classes to load than the Apache client, and nothing to pool beyond
     * the JDK's keep-alive cache. Their calls are not on the request path's key check (the async client is).
     */
    @Singleton
    DynamoDbClient dynamoDb(AwsEndpoints endpoints, DynamoDbCallCounter counter, AwsProperties aws) {
        var builder = DynamoDbClient.builder()
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(2))
                        .socketTimeout(Duration.ofSeconds(5)));
        return pointAt(builder, endpoints.dynamoDb(), aws.region(), counter, SYNC_CALL_TIMEOUT).build();
    }

    /**
     * DynamoDB without a thread per call, for the request path's key check (one {@code UpdateItem} per
     * request). Its HTTP client is Micronaut's, on the server's own event loops with each connection
     * bound to the event loop that asks ({@code micronaut.http.services.dynamodb} in application.yml):
     * the call is sent and answered on the thread that read the request, so the filter and a
     * non-blocking route run there with no hand-off. Completions run where the answer is read, not in
     * the SDK's completion pool: what follows them is short and non-blocking (blocking routes go to
     * their executor).
     */
    @Singleton
    DynamoDbAsyncClient dynamoDbAsync(AwsEndpoints endpoints, DynamoDbCallCounter counter, AwsProperties aws,
                                      RawHttpClientRegistry clients) {
        RawHttpClient raw = clients.getRawClient(HttpVersionSelection.forLegacyVersion(HttpVersion.HTTP_1_1), DYNAMODB_HTTP_CLIENT, null);
        var builder = DynamoDbAsyncClient.builder()
                .httpClient(new MicronautSdkHttpClient(raw, NettyByteBufferFactory.DEFAULT))
                .asyncConfiguration(async -> async.advancedOption(SdkAdvancedAsyncClientOption.FUTURE_COMPLETION_EXECUTOR, Runnable::run));
        return pointAt(builder, endpoints.dynamoDb(), aws.region(), counter, null).build();
    }

    /**
     * Region, call counting, a bound on the whole call ({@code null}: none) and AWS's endpoint or a
     * local one; shared by both DynamoDB clients and by a function's ({@link FunctionDynamoDbFactory}).
     * The asynchronous client has no call timeout: the SDK would arm it on a scheduler thread of its own
     * for every call (a thread wake-up per request); each attempt is bounded by its HTTP client's connect
     * and read timeouts instead.
     */
    static <B extends AwsClientBuilder<B, ?>> B pointAt(B builder, URI endpoint, String region, DynamoDbCallCounter counter,
                                                        Duration callTimeout) {
        builder.region(Region.of(region))
                .overrideConfiguration(ClientOverrideConfiguration.builder()
                        .addExecutionInterceptor(counter)
                        .apiCallTimeout(callTimeout)
                        .build());
        if (endpoint != null) {
            builder.endpointOverride(endpoint).credentialsProvider(localCredentials());
        } else {
            builder.credentialsProvider(DefaultCredentialsProvider.builder().build());
        }
        return builder;
    }

    /** SQS: the alert queue and its dead-letter queue. Long polls wait up to 20 s, hence the socket timeout. */
    @Singleton
    SqsClient sqs(AwsEndpoints endpoints, AwsProperties aws) {
        var builder = SqsClient.builder()
                .region(Region.of(aws.region()))
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(2))
                        .socketTimeout(Duration.ofSeconds(25)))
                .overrideConfiguration(ClientOverrideConfiguration.builder()
                        .apiCallTimeout(Duration.ofSeconds(30))
                        .build());
        URI endpoint = endpoints.sqs();
        if (endpoint != null) {
            builder.endpointOverride(endpoint).credentialsProvider(localCredentials());
        } else {
            builder.credentialsProvider(DefaultCredentialsProvider.builder().build());
        }
        return builder.build();
    }

    /** Local stores accept any credentials; fixed ones keep a developer's real AWS profile out of it. */
    static AwsCredentialsProvider localCredentials() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));
    }
}
