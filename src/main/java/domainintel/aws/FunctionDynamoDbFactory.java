package domainintel.aws;

import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import io.micronaut.http.client.ServiceHttpClientConfiguration;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * In a Lambda function, the asynchronous DynamoDB client of the key check is {@link CallerThreadDynamoDbAsyncClient}
 * in place of the server's, which rides on Micronaut's Netty HTTP client ({@link AwsClientFactory#dynamoDbAsync}).
 * Its synchronous client is set as that one is: the connect and read timeouts of the
 * {@code micronaut.http.services.dynamodb} client (here on the JDK's HTTP connection), no bound on the whole call,
 * a transport failure not sent again ({@link TransportFailuresNotRetried}), the same region, endpoint, credentials
 * and call counting ({@code KeyCheckDynamoDbClientTest} holds the two alike). The server (no {@code function}
 * environment) is unchanged.
 */
@Factory
@Requires(env = Environment.FUNCTION)
class FunctionDynamoDbFactory {
    @Singleton
    @Replaces(bean = DynamoDbAsyncClient.class, factory = AwsClientFactory.class)
    DynamoDbAsyncClient dynamoDbAsync(AwsEndpoints endpoints, DynamoDbCallCounter counter, AwsProperties aws,
                                      @Named(AwsClientFactory.DYNAMODB_HTTP_CLIENT) ServiceHttpClientConfiguration http) {
        // Built here and never closed: the JDK's connection cache holds nothing to release.
        var builder = DynamoDbClient.builder()
                .httpClient(new TransportFailuresNotRetried(UrlConnectionHttpClient.builder()
                        .connectionTimeout(http.getConnectTimeout().orElseThrow())
                        .socketTimeout(http.getReadTimeout().orElseThrow())
                        .build()));
        return new CallerThreadDynamoDbAsyncClient(AwsClientFactory.pointAt(builder, endpoints.dynamoDb(), aws.region(), counter, null).build());
    }
}
