package domainintel.lambda;

import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import domainintel.support.Api;
import domainintel.support.TestLambdaContext;
import io.micronaut.context.ApplicationContext;
import io.micronaut.function.aws.proxy.payload1.ApiGatewayProxyRequestEventFunction;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every sample event in {@code events/} through the real Lambda handler, in-process: deserialized
 * by the Lambda Java runtime's own serializer, answered by the same controllers and filters.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LambdaEventsTest {
    /** Expected status per event, in the order they run (the created key is used by later events). */
    private static final Map<String, Integer> EXPECTED = new LinkedHashMap<>();

    static {
        EXPECTED.put("health.json", 200);
        EXPECTED.put("admin-create-key.json", 201);
        EXPECTED.put("list-domains.json", 200);
        EXPECTED.put("create-webhook.json", 201);
        EXPECTED.put("list-webhooks.json", 200);
        EXPECTED.put("get-webhook.json", 200);
        EXPECTED.put("test-webhook.json", 202);
        EXPECTED.put("webhook-deliveries.json", 200);
        EXPECTED.put("delete-webhook.json", 200);
        EXPECTED.put("market-trends.json", 200);
        EXPECTED.put("admin-list-keys.json", 200);
        EXPECTED.put("admin-upsert-domain.json", 201);
        EXPECTED.put("admin-import-domains.json", 200);
        EXPECTED.put("admin-import-sales.json", 200);
        EXPECTED.put("domain-detail.json", 200);
        EXPECTED.put("valuation.json", 200);
        EXPECTED.put("bulk-valuation.json", 200);
        EXPECTED.put("admin-revoke-key.json", 200);
    }

    ApplicationContext context;
    ApiGatewayProxyRequestEventFunction handler;
    JsonMapper json;

    @BeforeAll
    void start() throws Exception {
        context = ApplicationContext.run(Map.of(
                "data-dir", Files.createTempDirectory("lambda-events").toString(),
                "admin.token", Api.ADMIN_TOKEN,
                "micronaut.server.port", "-1"));
        handler = new ApiGatewayProxyRequestEventFunction(context);
        json = context.getBean(JsonMapper.class);
    }

    @AfterAll
    void stop() {
        context.close();
    }

    @Test
    void everyEventFileHasAnExpectation() throws Exception {
        try (Stream<Path> files = Files.list(Path.of("events"))) {
            var apiEvents = files.map(p -> p.getFileName().toString())
                    .filter(name -> !name.startsWith("sqs-"))
                    .collect(Collectors.toCollection(TreeSet::new));
            assertEquals(new TreeSet<>(EXPECTED.keySet()), apiEvents);
        }
    }

    @Test
    void everyEventIsAnsweredByTheHandler() throws Exception {
        var serializer = LambdaEventSerializers.serializerFor(APIGatewayProxyRequestEvent.class, getClass().getClassLoader());
        Map<String, String> substitutions = new LinkedHashMap<>();
        substitutions.put("${ADMIN_TOKEN}", Api.ADMIN_TOKEN);
        for (var expected : EXPECTED.entrySet()) {
            String text = Files.readString(Path.of("events", expected.getKey()));
            for (var s : substitutions.entrySet()) {
                text = text.replace(s.getKey(), s.getValue());
            }
            APIGatewayProxyRequestEvent event = serializer.fromJson(text);
            APIGatewayProxyResponseEvent response = handler.handleRequest(event, new TestLambdaContext());
            assertEquals(expected.getValue(), response.getStatusCode(), expected.getKey() + ": " + response.getBody());
            JsonNode body = json.readValue(response.getBody(), JsonNode.class);
            assertTrue(body.get("success").getBooleanValue(), expected.getKey());
            if (expected.getKey().equals("admin-create-key.json")) {
                substitutions.put("${API_KEY}", body.get("data").get("key").getStringValue());
                substitutions.put("key_example123", body.get("data").get("apiKey").get("id").getStringValue());
            }
            if (expected.getKey().equals("create-webhook.json")) {
                substitutions.put("wh_example123", body.get("data").get("webhook").get("id").getStringValue());
            }
            if (expected.getKey().equals("market-trends.json")) {
                assertEquals("com", body.get("data").get("filters").get("tld").getStringValue());
                assertEquals(8, body.get("data").get("series").size(), "2019-Q1 to 2020-Q4");
            }
            if (expected.getKey().equals("admin-import-sales.json")) {
                assertEquals(1, body.get("data").get("import").get("imported").getLongValue());
            }
            if (expected.getKey().equals("list-domains.json")) {
                assertEquals(999, body.get("rateLimit").get("remaining").getLongValue());
                for (JsonNode d : body.get("data").get("domains").values()) {
                    assertEquals("com", d.get("tld").getStringValue());
                }
            }
        }
    }
}
