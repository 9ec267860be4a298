package domainintel.aws;

import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.client.config.SdkAdvancedAsyncClientOption;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.SdkEventLoopGroup;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

import java.net.URI;
import java.time.Duration;

/** The AWS SDK v2 clients, pointed at AWS or at a local endpoint by configuration alone. */
@Factory
public class AwsClientFactory {

    @Singleton
    DynamoDbClient dynamoDb(AwsEndpoints endpoints, DynamoDbCallCounter counter, AwsProperties aws) {
        var builder = DynamoDbClient.builder()
                .httpClientBuilder(ApacheHttpClient.builder()
                        .maxConnections(64)
                        .connectionTimeout(Duration.ofSeconds(2))
                        .socketTimeout(Duration.ofSeconds(5)));
        return pointAt(builder, endpoints.dynamoDb(), aws.region(), counter).build();
    }

    /**
     * DynamoDB without a thread per call, for the request path's key check (one {@code UpdateItem} per
     * request). Its Netty event loop is its own (two threads) rather than the server's: this SDK
     * version cannot be handed a Netty 4.2 event loop group (it fails to resolve a datagram channel
     * for it, aws-sdk-java-v2#6757). Completions run on that event loop instead of being handed to the
     * SDK's completion pool, which would be one more thread wake-up per request: what follows them is
     * short and non-blocking (the filter reads the answer; blocking routes go to their executor).
     */
    @Singleton
    @Bean(preDestroy = "close")
    DynamoDbAsyncClient dynamoDbAsync(AwsEndpoints endpoints, DynamoDbCallCounter counter, AwsProperties aws) {
        var builder = DynamoDbAsyncClient.builder()
                .httpClientBuilder(NettyNioAsyncHttpClient.builder()
                        .eventLoopGroupBuilder(SdkEventLoopGroup.builder().numberOfThreads(2))
                        .maxConcurrency(64)
                        .connectionTimeout(Duration.ofSeconds(2))
                        .readTimeout(Duration.ofSeconds(5))
                        .writeTimeout(Duration.ofSeconds(5)))
                .asyncConfiguration(async -> async.advancedOption(SdkAdvancedAsyncClientOption.FUTURE_COMPLETION_EXECUTOR, Runnable::run));
        return pointAt(builder, endpoints.dynamoDb(), aws.region(), counter).build();
    }

    /** Region, timeouts and call counting, and AWS's endpoint or a local one; shared by both DynamoDB clients. */
    private static <B extends AwsClientBuilder<B, ?>> B pointAt(B builder, URI endpoint, String region, DynamoDbCallCounter counter) {
        builder.region(Region.of(region))
                .overrideConfiguration(ClientOverrideConfiguration.builder()
                        .addExecutionInterceptor(counter)
                        .apiCallTimeout(Duration.ofSeconds(8))
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
                .httpClientBuilder(ApacheHttpClient.builder()
                        .maxConnections(32)
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
