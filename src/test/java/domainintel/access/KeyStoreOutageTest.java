package domainintel.access;

import domainintel.support.Api;
import domainintel.support.LambdaRuntime;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * DynamoDB out of reach on the request path: the asynchronous key check fails, and the caller gets
 * the contract's retryable 503 (not a 500, not a hung request), with no quota shown since none was counted.
 */
class KeyStoreOutageTest {
    @Test
    void unreachableKeyStoreIs503ServiceUnavailable() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Map.of(
                "data-dir", Files.createTempDirectory("key-store-outage").toString(),
                "micronaut.server.port", "-1",
                "aws.dynamodb.endpoint", "http://127.0.0.1:" + closedPort,
                "aws.dynamodb.create-tables", "false",
                "catalogue.demo-on-empty", "false",
                "market.bootstrap", "off",
                "valuation.preload", "false",
                "webhooks.local-workers", "false"))) {
            Api api = new Api(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class));
            var reply = api.get("/api/v1/domains", ApiKeySecrets.newKey(ApiKeySecrets.newAccountId()));
            assertEquals(503, reply.status());
            assertEquals("service_unavailable", reply.errorCode());
            assertNull(reply.body().get("rateLimit"));
        }
    }

    /**
     * The same in a Lambda function, whose key check goes through the synchronous client on the request's thread
     * ({@code aws.CallerThreadDynamoDbAsyncClient}): the usage function's sample event, with a key of its form, answers
     * the same 503.
     */
    @Test
    void unreachableKeyStoreIs503ServiceUnavailableInAFunction() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        try (LambdaRuntime runtime = new LambdaRuntime(Map.of(
                "data-dir", Files.createTempDirectory("key-store-outage-function").toString(),
                "local.embedded-stores", "false",
                "aws.dynamodb.endpoint", "http://127.0.0.1:" + closedPort,
                "aws.dynamodb.create-tables", "false",
                "catalogue.demo-on-empty", "false",
                "market.bootstrap", "off",
                "valuation.preload", "false",
                "webhooks.local-workers", "false",
                "function.repositories.enabled", "false"))) {
            String event = Files.readString(Path.of("events", "usage.json"))
                    .replace("${API_KEY}", ApiKeySecrets.newKey(ApiKeySecrets.newAccountId()));
            JsonMapper json = JsonMapper.createDefault();
            JsonNode answer = json.readValue(runtime.invoke("domainintel.aws.ApiFunction", event), JsonNode.class);
            assertEquals(503, answer.get("statusCode").getIntValue());
            JsonNode body = json.readValue(answer.get("body").getStringValue(), JsonNode.class);
            assertEquals("service_unavailable", body.get("error").get("code").getStringValue());
            assertNull(body.get("rateLimit"));
        }
    }
}
