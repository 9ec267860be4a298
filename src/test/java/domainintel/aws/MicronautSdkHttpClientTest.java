package domainintel.aws;

import com.sun.net.httpserver.HttpServer;
import io.micronaut.buffer.netty.NettyByteBufferFactory;
import io.micronaut.http.client.RawHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SDK's calls through {@link MicronautSdkHttpClient}, against a server that records what arrives on
 * the wire. DynamoDB Local checks no signature, so this is where the signed headers are shown to be sent
 * once each and as signed (AWS refuses a request whose Host or body differs from what was signed).
 */
class MicronautSdkHttpClientTest {
    private HttpServer server;
    private RawHttpClient raw;
    private final AtomicReference<Map<String, List<String>>> headers = new AtomicReference<>();
    private final AtomicReference<String> body = new AtomicReference<>();
    private volatile int status;
    private volatile String answer;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            headers.set(Map.copyOf(exchange.getRequestHeaders()));
            body.set(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            DynamoDbStandIn.reply(exchange, status, answer);
        });
        server.start();
        raw = RawHttpClient.create(null);
    }

    @AfterEach
    void stop() throws IOException {
        raw.close();
        server.stop(0);
    }

    private DynamoDbAsyncClient client(URI endpoint) {
        return DynamoDbAsyncClient.builder()
                .httpClient(new MicronautSdkHttpClient(raw, NettyByteBufferFactory.DEFAULT))
                .region(Region.US_EAST_1)
                .endpointOverride(endpoint)
                .credentialsProvider(AwsClientFactory.localCredentials())
                .build();
    }

    private URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    @Test
    void sendsTheSignedRequestOnceAsSignedAndReadsTheAnswer() {
        status = 200;
        answer = "{\"Attributes\":{\"count\":{\"N\":\"7\"}}}";
        try (DynamoDbAsyncClient dynamoDb = client(endpoint())) {
            UpdateItemResponse response = dynamoDb.updateItem(b -> b.tableName("t").key(Map.of("pk", AttributeValue.fromS("a")))
                    .updateExpression("ADD #c :one").expressionAttributeNames(Map.of("#c", "count"))
                    .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))).join();
            assertEquals("7", response.attributes().get("count").n());
        }
        Map<String, List<String>> sent = headers.get();
        assertEquals(List.of("127.0.0.1:" + server.getAddress().getPort()), sent.get("Host"));
        assertEquals(List.of(Integer.toString(body.get().getBytes(StandardCharsets.UTF_8).length)), sent.get("Content-length"));
        assertEquals(List.of("DynamoDB_20120810.UpdateItem"), sent.get("X-amz-target"));
        assertEquals(1, sent.get("Authorization").size());
        assertTrue(sent.get("Authorization").get(0).startsWith("AWS4-HMAC-SHA256 Credential=local/"));
        assertTrue(body.get().contains("\"UpdateExpression\":\"ADD #c :one\""), body.get());
    }

    @Test
    void aFailedConditionIsTheServicesAnswerWithTheItem() {
        status = 400;
        answer = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException\","
                + "\"message\":\"The conditional request failed\",\"Item\":{\"pk\":{\"S\":\"a\"}}}";
        try (DynamoDbAsyncClient dynamoDb = client(endpoint())) {
            var failure = assertThrows(CompletionException.class, () -> dynamoDb.updateItem(b -> b.tableName("t")
                    .key(Map.of("pk", AttributeValue.fromS("a"))).updateExpression("SET #a = :a")
                    .conditionExpression("attribute_exists(pk)")
                    .expressionAttributeNames(Map.of("#a", "a"))
                    .expressionAttributeValues(Map.of(":a", AttributeValue.fromS("x")))).join());
            var refused = assertInstanceOf(ConditionalCheckFailedException.class, failure.getCause());
            assertEquals("a", refused.item().get("pk").s());
        }
    }

    @Test
    void anUnreachableEndpointIsAClientSideFailure() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        try (DynamoDbAsyncClient dynamoDb = client(URI.create("http://127.0.0.1:" + closedPort))) {
            var failure = assertThrows(CompletionException.class,
                    () -> dynamoDb.getItem(b -> b.tableName("t").key(Map.of("pk", AttributeValue.fromS("a")))).join());
            assertInstanceOf(SdkClientException.class, failure.getCause());
        }
    }
}
