package domainintel.lambda;

import domainintel.alerts.Webhook;
import domainintel.alerts.WebhookFilters;
import domainintel.alerts.store.WebhookRepository;
import domainintel.alerts.outbound.WebhookSigner;
import domainintel.aws.AwsEndpoints;
import domainintel.support.Api;
import domainintel.support.LambdaRuntime;
import domainintel.support.WebhookReceiver;
import domainintel.support.WebhookReceiver.Answer;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every function of template.yaml, loaded and invoked the way the AWS Lambda Java runtime does it: its
 * {@code Handler} string (or the Globals') through the runtime interface client's handler loading, and
 * each sample event in {@code events/} as raw JSON through the runtime's serialization, answered by the
 * same controllers, filters and workers. The handlers run as on AWS, without embedded stores: they
 * reach the DynamoDB Local, ElasticMQ and H2 database that a plain local context started.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LambdaEventsTest {
    /** Expected status per API event, in the order they run (the created key is used by later events). */
    static final Map<String, Integer> EXPECTED = new LinkedHashMap<>();

    static {
        EXPECTED.put("health.json", 200);
        EXPECTED.put("admin-create-key.json", 201);
        EXPECTED.put("list-domains.json", 200);
        EXPECTED.put("usage.json", 200);
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
        EXPECTED.put("dashboard-signin-page.json", 200);
    }

    ApplicationContext stores;
    LambdaRuntime runtime;
    SamTemplate template;
    JsonMapper json;

    @BeforeAll
    void start() throws Exception {
        String dataDir = Files.createTempDirectory("lambda-events").toString();
        stores = ApplicationContext.run(Map.of(
                "data-dir", dataDir,
                "micronaut.server.port", "-1",
                "market.bootstrap", "off",
                "webhooks.local-workers", "false",
                "webhooks.allow-private-targets", "true"));
        AwsEndpoints endpoints = stores.getBean(AwsEndpoints.class);
        json = stores.getBean(JsonMapper.class);
        template = SamTemplate.read();
        // As on AWS (template.yaml's Globals): no embedded stores, no demo data, nothing built eagerly.
        runtime = LambdaRuntime.asOnAws(dataDir, endpoints, Map.of(
                "valuation.preload", "false",
                "micronaut.server.port", "-1",
                "webhooks.allow-private-targets", "true",
                "webhooks.retry-schedule", "60"));
    }

    @AfterAll
    void stop() throws Exception {
        runtime.close();
        stores.close();
    }

    @Test
    void everyFunctionHasASampleEventAndEveryEventAFunction() throws Exception {
        Set<String> fixtures;
        try (Stream<Path> files = Files.list(Path.of("events"))) {
            fixtures = files.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
        Set<String> apiFixtures = fixtures.stream()
                .filter(f -> !f.startsWith("sqs-") && !f.startsWith("scheduled-") && !f.startsWith("cloudformation-"))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(new TreeSet<>(EXPECTED.keySet()), apiFixtures);
        Set<String> covered = new HashSet<>();
        for (String fixture : apiFixtures) {
            covered.add(functionFor(fixture).logicalId());
        }
        for (var function : template.functions()) {
            if (!function.events("SQS").isEmpty()) {
                assertTrue(fixtures.stream().anyMatch(f -> f.startsWith("sqs-")), function.logicalId());
                covered.add(function.logicalId());
            }
            if (!function.events("Schedule").isEmpty()) {
                assertTrue(fixtures.stream().anyMatch(f -> f.startsWith("scheduled-")), function.logicalId());
                covered.add(function.logicalId());
            }
            if (template.customResourceFunctions().contains(function.logicalId())) {
                assertTrue(fixtures.stream().anyMatch(f -> f.startsWith("cloudformation-")), function.logicalId());
                covered.add(function.logicalId());
            }
        }
        assertEquals(template.functions().stream().map(SamTemplate.Function::logicalId).collect(Collectors.toSet()), covered,
                "every function in template.yaml is invoked with a sample event");
    }

    @Test
    void everyApiEventIsAnsweredByItsFunctionsHandler() throws Exception {
        Map<String, String> substitutions = new LinkedHashMap<>();
        substitutions.put("${ADMIN_TOKEN}", Api.ADMIN_TOKEN);
        for (var expected : EXPECTED.entrySet()) {
            String text = fixture(expected.getKey());
            for (var s : substitutions.entrySet()) {
                text = text.replace(s.getKey(), s.getValue());
            }
            JsonNode response = json.readValue(runtime.invoke(functionFor(expected.getKey()).handler(), text), JsonNode.class);
            String answer = response.get("body").getStringValue();
            assertEquals(expected.getValue(), response.get("statusCode").getIntValue(), expected.getKey() + ": " + answer);
            if (expected.getKey().startsWith("dashboard-")) {
                assertTrue(answer.contains("<form"), expected.getKey() + " is a page with its form: " + answer);
                continue;
            }
            JsonNode body = json.readValue(answer, JsonNode.class);
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

    /** The SQS batch: delivered, retried (receiver answers 500), webhook gone, unreadable body. */
    @Test
    void theWorkerAnswersAnSqsBatchWithItsPartialBatchResponse() throws Exception {
        var worker = template.functions().stream().filter(f -> !f.events("SQS").isEmpty()).findFirst().orElseThrow();
        assertEquals(List.of("ReportBatchItemFailures"), worker.events("SQS").get(0).properties().get("FunctionResponseTypes"));
        try (var ok = new WebhookReceiver().answering(n -> Answer.of(200));
             var failing = new WebhookReceiver().answering(n -> Answer.of(500))) {
            String owner = "runtime-owner";
            String okId = register("wh_runtimeOk000000000000", owner, ok.url("/ok"));
            String failingId = register("wh_runtimeFailing0000000", owner, failing.url("/failing"));
            String event = fixture("sqs-deliveries.json")
                    .replace("${OWNER}", owner).replace("${WEBHOOK_OK}", okId).replace("${WEBHOOK_FAILING}", failingId);

            JsonNode response = json.readValue(runtime.invoke(worker.handler(), event), JsonNode.class);

            Set<String> kept = new TreeSet<>();
            for (JsonNode failure : response.get("batchItemFailures").values()) {
                kept.add(failure.get("itemIdentifier").getStringValue());
            }
            assertEquals(new TreeSet<>(Set.of("0a6e1c3e-2222-4e0e-9d1a-000000000002", "0a6e1c3e-4444-4e0e-9d1a-000000000004")), kept);
            assertEquals(1, ok.received("/ok").size());
            assertEquals(1, failing.received().size());
        }
    }

    @Test
    void theSweepAnswersItsScheduledEvent() throws Exception {
        var sweep = template.functions().stream().filter(f -> !f.events("Schedule").isEmpty()).findFirst().orElseThrow();
        JsonNode response = json.readValue(runtime.invoke(sweep.handler(), fixture("scheduled-sweep.json")), JsonNode.class);
        assertTrue(response.get("relayed").isNumber(), response.toString());
        assertFalse(response.get("relayed").getIntValue() < 0);
    }

    /** The migration step answers CloudFormation on the pre-signed response URL, as a custom resource must. */
    @Test
    void theMigrationFunctionAnswersItsCustomResourceRequest() throws Exception {
        var migration = template.function(template.customResourceFunctions().get(0));
        List<String> answers = new java.util.concurrent.CopyOnWriteArrayList<>();
        HttpServer cloudFormation = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        cloudFormation.createContext("/", exchange -> {
            answers.add(exchange.getRequestMethod() + " " + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        cloudFormation.start();
        try {
            String responseUrl = "http://127.0.0.1:" + cloudFormation.getAddress().getPort() + "/cloudformation-response?X-Amz-Signature=abc";
            runtime.invoke(migration.handler(), fixture("cloudformation-migrate.json").replace("${RESPONSE_URL}", responseUrl));
        } finally {
            cloudFormation.stop(0);
        }
        assertEquals(1, answers.size(), answers.toString());
        assertTrue(answers.get(0).startsWith("PUT "), answers.get(0));
        JsonNode answer = json.readValue(answers.get(0).substring(4), JsonNode.class);
        assertEquals("SUCCESS", answer.get("Status").getStringValue(), answers.get(0));
        assertEquals("8c7a3f6e-2b1d-4e0e-9d1a-0a1b2c3d4e5f", answer.get("RequestId").getStringValue());
        assertEquals("DatabaseMigration", answer.get("LogicalResourceId").getStringValue());
        assertTrue(answer.get("Data").get("MigrationsApplied").isNumber());
    }

    private String register(String id, String owner, String url) {
        stores.getBean(WebhookRepository.class).create(new Webhook(id, owner, url, List.of("domain.price_dropped"),
                WebhookFilters.NONE, Instant.now(), false, null), WebhookSigner.newSecret(), 25);
        return id;
    }

    /** The function whose Api events include the sample event's route. */
    private SamTemplate.Function functionFor(String fixture) throws Exception {
        JsonNode event = json.readValue(fixture(fixture), JsonNode.class);
        String route = event.get("httpMethod").getStringValue() + " " + event.get("resource").getStringValue();
        List<SamTemplate.Function> matches = template.functions().stream()
                .filter(f -> f.events("Api").stream().anyMatch(e -> e.apiRoute().equals(route))).toList();
        assertEquals(1, matches.size(), fixture + " (" + route + ") is served by exactly one function: " + matches);
        return matches.get(0);
    }

    private static String fixture(String name) throws Exception {
        return Files.readString(Path.of("events", name));
    }
}
