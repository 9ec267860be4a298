package domainintel.aws;

import com.sun.net.httpserver.HttpServer;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The key check's asynchronous DynamoDB client as each environment builds it: the server's, on Micronaut's Netty
 * HTTP client, and a function's ({@code function} environment), {@link CallerThreadDynamoDbAsyncClient}. Against
 * one local DynamoDB stand-in, both give the same answers and fail the same way (a {@link CompletionException}
 * around the SDK's exception), with the same timeouts and retries (the same number of attempts on the wire), so
 * {@code access.DynamoDbApiKeyRepository} handles them alike and counts each request once.
 */
class KeyCheckDynamoDbClientTest {
    private HttpServer server;
    private final AtomicInteger attempts = new AtomicInteger();
    private volatile int status;
    private volatile String answer;
    private volatile long delayMs;
    private ApplicationContext context;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", exchange -> {
            attempts.incrementAndGet();
            exchange.getRequestBody().readAllBytes();
            try {
                Thread.sleep(delayMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            DynamoDbStandIn.reply(exchange, status, answer);
        });
        server.start();
    }

    @AfterEach
    void stop() {
        if (context != null) {
            context.close();
        }
        server.stop(0);
    }

    private DynamoDbAsyncClient client(String environment, String endpoint) throws IOException {
        var builder = ApplicationContext.builder().properties(Map.of(
                "data-dir", Files.createTempDirectory("key-check-client").toString(),
                "local.embedded-stores", "false",
                "aws.dynamodb.endpoint", endpoint,
                "aws.dynamodb.create-tables", "false",
                "catalogue.demo-on-empty", "false",
                "market.bootstrap", "off",
                "valuation.preload", "false",
                "webhooks.local-workers", "false",
                // Shorter than the 5 s of application.yml, so that the timeout case below is quick; the same
                // setting governs both clients.
                "micronaut.http.services.dynamodb.read-timeout", "1s"));
        if (!environment.isEmpty()) {
            builder.environments(environment);
        }
        context = builder.start();
        DynamoDbAsyncClient client = context.getBean(DynamoDbAsyncClient.class);
        if (Environment.FUNCTION.equals(environment)) {
            assertEquals(CallerThreadDynamoDbAsyncClient.class, client.getClass());
        } else {
            assertNotEquals(CallerThreadDynamoDbAsyncClient.class, client.getClass());
        }
        return client;
    }

    private String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static UpdateItemRequest countOne() {
        return UpdateItemRequest.builder().tableName("t").key(Map.of("pk", AttributeValue.fromS("a")))
                .updateExpression("ADD #c :one").conditionExpression("attribute_exists(pk)")
                .expressionAttributeNames(Map.of("#c", "count"))
                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))).build();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", Environment.FUNCTION})
    void answersTheWrite(String environment) throws IOException {
        status = 200;
        answer = "{\"Attributes\":{\"count\":{\"N\":\"7\"}}}";
        assertEquals("7", client(environment, endpoint()).updateItem(countOne()).join().attributes().get("count").n());
        assertEquals(1, attempts.get());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", Environment.FUNCTION})
    void aFailedConditionIsTheServicesExceptionWithTheItem(String environment) throws IOException {
        status = 400;
        answer = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException\","
                + "\"message\":\"The conditional request failed\",\"Item\":{\"pk\":{\"S\":\"a\"}}}";
        var future = client(environment, endpoint()).updateItem(countOne());
        // As a callback sees it: the SDK's exception inside a CompletionException.
        Throwable failure = future.handle((written, error) -> error).join();
        assertInstanceOf(CompletionException.class, failure);
        assertEquals("a", assertInstanceOf(ConditionalCheckFailedException.class, failure.getCause(), String.valueOf(failure.getCause())).item().get("pk").s());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", Environment.FUNCTION})
    void anUnreachableStoreIsAClientSideFailure(String environment) throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        var future = client(environment, "http://127.0.0.1:" + closedPort)
                .getItem(b -> b.tableName("t").key(Map.of("pk", AttributeValue.fromS("a"))));
        Throwable failure = assertThrows(CompletionException.class, future::join).getCause();
        assertInstanceOf(SdkClientException.class, failure);
        assertTrue(failure.getMessage().contains("(SDK Attempt Count: 1)"), failure.getMessage());
    }

    /**
     * An answer slower than the read timeout fails after that one attempt on both (the count may have been written:
     * a second attempt could count the request twice), as the SDK's client-side failure.
     */
    @ParameterizedTest
    @ValueSource(strings = {"", Environment.FUNCTION})
    void aSlowStoreTimesOutAfterOneAttempt(String environment) throws IOException {
        status = 200;
        answer = "{}";
        var client = client(environment, endpoint());
        client.getItem(b -> b.tableName("t").key(Map.of("pk", AttributeValue.fromS("a")))).join();
        attempts.set(0);
        delayMs = 3_000;
        var future = client.updateItem(countOne());
        Throwable failure = assertThrows(CompletionException.class, future::join).getCause();
        assertInstanceOf(SdkClientException.class, failure);
        assertEquals(1, attempts.get(), failure.toString());
    }

    /** DynamoDB's own failure (a 500) is retried alike: the first attempt and DynamoDB's default of 8 retries. */
    @ParameterizedTest
    @ValueSource(strings = {"", Environment.FUNCTION})
    void aFailingStoreIsRetriedAlike(String environment) throws IOException {
        status = 500;
        answer = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\",\"message\":\"failed\"}";
        var future = client(environment, endpoint()).updateItem(countOne());
        assertInstanceOf(InternalServerErrorException.class, assertThrows(CompletionException.class, future::join).getCause());
        assertEquals(9, attempts.get());
    }
}
