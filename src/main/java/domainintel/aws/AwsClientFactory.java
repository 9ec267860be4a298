package domainintel.aws;

import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import jakarta.inject.Singleton;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

import java.net.URI;
import java.time.Duration;

/** The AWS SDK v2 clients, pointed at AWS or at a local endpoint by configuration alone. */
@Factory
public class AwsClientFactory {

    @Singleton
    DynamoDbClient dynamoDb(AwsEndpoints endpoints, DynamoDbCallCounter counter, @Property(name = "aws.region") String region) {
        var builder = DynamoDbClient.builder()
                .region(Region.of(region))
                .httpClientBuilder(ApacheHttpClient.builder()
                        .maxConnections(64)
                        .connectionTimeout(Duration.ofSeconds(2))
                        .socketTimeout(Duration.ofSeconds(5)))
                .overrideConfiguration(ClientOverrideConfiguration.builder()
                        .addExecutionInterceptor(counter)
                        .apiCallTimeout(Duration.ofSeconds(8))
                        .build());
        URI endpoint = endpoints.dynamoDb();
        if (endpoint != null) {
            builder.endpointOverride(endpoint).credentialsProvider(localCredentials());
        } else {
            builder.credentialsProvider(DefaultCredentialsProvider.builder().build());
        }
        return builder.build();
    }

    /** SQS: the alert queue and its dead-letter queue. Long polls wait up to 20 s, hence the socket timeout. */
    @Singleton
    SqsClient sqs(AwsEndpoints endpoints, @Property(name = "aws.region") String region) {
        var builder = SqsClient.builder()
                .region(Region.of(region))
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
