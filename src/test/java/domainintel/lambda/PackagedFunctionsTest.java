package domainintel.lambda;

import domainintel.support.PackagedLambda;
import io.micronaut.json.tree.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every function of template.yaml started from the deployment zip itself, as Lambda starts it: the zip's
 * classes and jars alone (nothing of this build's class path), its {@code Handler} resolved and constructed by
 * the runtime interface client, its own environment from the template, and its sample event from
 * {@code events/} through the runtime's serialization; the answer is checked. The worker gets an SQS batch
 * with a failing delivery and must answer with its partial batch response. {@link LambdaEventsTest} runs the
 * same handlers on the test class path, where a class the zip lacks (the cause of every function failing at
 * init once) cannot be missed; this test is where it is.
 * <p>
 * Needs the zip: {@code ./mvnw -Plambda package -DskipTests}, then {@code LAMBDA_PACKAGE=<the zip>} for the
 * test run ({@code .ci/run} does both). One JVM for all functions, one function instance at a time, all in
 * one class loader over the zip.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@EnabledIfEnvironmentVariable(named = "LAMBDA_PACKAGE", matches = ".+")
class PackagedFunctionsTest {
    PackagedLambda packaged;
    LocalLambdaStage stage;
    SamTemplate template;

    @BeforeAll
    void start() throws Exception {
        Path zip = Path.of(System.getenv("LAMBDA_PACKAGE"));
        assertTrue(Files.isRegularFile(zip), "LAMBDA_PACKAGE=" + zip + " is not a file (./mvnw -Plambda package -DskipTests)");
        packaged = PackagedLambda.unpack(zip);
        stage = LocalLambdaStage.start(Files.createTempDirectory("packaged-functions"), "packaged_functions");
        template = SamTemplate.read();
    }

    @AfterAll
    void stop() throws Exception {
        if (stage != null) {
            stage.close();
        }
        if (packaged != null) {
            packaged.close();
        }
    }

    @Test
    void everyFunctionStartsFromTheZipAndAnswersItsSampleEvent() throws Exception {
        List<String> failures = new ArrayList<>();
        for (SamTemplate.Function function : template.functions()) {
            String fixture = stage.sampleEvent(function);
            long started = System.nanoTime();
            try (PackagedLambda.Instance instance = packaged.init(function.handler(), stage.environment(function))) {
                String problem = check(fixture, instance.invoke(stage.event(fixture)));
                if (problem != null) {
                    failures.add(function.logicalId() + " (" + fixture + "): " + problem);
                }
            } catch (Exception e) {
                failures.add(function.logicalId() + " (" + fixture + "): " + e.getMessage());
            }
            System.out.printf("packaged %-26s %-28s %5d ms%n", function.logicalId(), fixture, (System.nanoTime() - started) / 1_000_000);
        }
        assertEquals(List.of(), failures, "functions that failed from the zip");
    }

    /**
     * A function that leaves Micronaut Data unread ({@code FUNCTION_REPOSITORIES_ENABLED=false}) must not reach a
     * repository, a transaction or the database on any of its routes, not only its sample event's: in its template
     * environment, the controller of each of its API routes is created with all it holds. A bean that holds a
     * repository fails to be created there.
     */
    @Test
    void everyFunctionWithoutRepositoriesCreatesTheBeansOfEachOfItsRoutes() throws Exception {
        List<String> failures = new ArrayList<>();
        List<String> checked = new ArrayList<>();
        for (SamTemplate.Function function : template.functions()) {
            if (!"false".equals(function.environment().get("FUNCTION_REPOSITORIES_ENABLED"))) {
                continue;
            }
            checked.add(function.logicalId());
            try (PackagedLambda.Instance instance = packaged.init(function.handler(), stage.environment(function))) {
                for (SamTemplate.EventSource event : function.events("Api")) {
                    String[] route = event.apiRoute().split(" ", 2);
                    String path = route[1].replaceAll("\\{[^}]+}", "sample.com");
                    try {
                        if (instance.createRouteBeans(route[0], path).isEmpty()) {
                            failures.add(function.logicalId() + ": no route serves " + event.apiRoute());
                        }
                    } catch (Exception e) {
                        failures.add(function.logicalId() + ": " + e.getMessage());
                    }
                }
            } catch (Exception e) {
                failures.add(function.logicalId() + ": " + e.getMessage());
            }
        }
        assertTrue(checked.contains("HealthFunction"), "functions without repositories: " + checked);
        assertEquals(List.of(), failures, "routes whose beans need Micronaut Data in a function without it");
    }

    /**
     * Every API function checks keys through {@code aws.CallerThreadDynamoDbAsyncClient} (the synchronous DynamoDB
     * client on the request's thread), not the server's asynchronous client on Micronaut's Netty HTTP client: with
     * that one a function's first keyed request loaded about 1,500 classes more, Netty, Reactor and Micronaut's HTTP
     * client among them (docs/benchmarks.md).
     */
    @Test
    void everyApiFunctionChecksKeysWithoutTheNettyHttpClient() throws Exception {
        Map<String, String> clients = new LinkedHashMap<>();
        for (SamTemplate.Function function : template.functions()) {
            if (function.events("Api").isEmpty()) {
                continue;
            }
            try (PackagedLambda.Instance instance = packaged.init(function.handler(), stage.environment(function))) {
                clients.put(function.logicalId(), instance.beanClassName("software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient"));
            }
        }
        assertTrue(clients.containsKey("UsageFunction"), "API functions: " + clients.keySet());
        clients.forEach((function, client) -> assertEquals("domainintel.aws.CallerThreadDynamoDbAsyncClient", client, function));
    }

    /**
     * SnapStart runs init and the before-snapshot hook when a version is published, and a deploy must not depend
     * on the stores being reachable then: every function inits and primes with its secrets named by ARN (as on
     * AWS) and every store address unreachable. But one: the market trends function builds its index from the
     * sales history at init on purpose ({@code MARKET_BOOTSTRAP=blocking}, so that the snapshot holds it); it
     * publishes after the migration step, which needs the database anyway.
     */
    @Test
    void everyFunctionInitsAndPrimesForTheSnapshotWithNoStoreReachable() throws Exception {
        Map<String, String> unreachable = Map.of(
                "DATASOURCES_DEFAULT_URL", "jdbc:postgresql://127.0.0.1:9/unreachable",
                "DATABASE_SECRET_ARN", "arn:aws:secretsmanager:us-east-1:123456789012:secret:database",
                "ADMIN_TOKEN_SECRET_ARN", "arn:aws:secretsmanager:us-east-1:123456789012:secret:admin",
                "WEBHOOKS_SECRET_KEY_SECRET_ARN", "arn:aws:secretsmanager:us-east-1:123456789012:secret:webhook-key",
                "DASHBOARD_SESSION_SECRET_ARN", "arn:aws:secretsmanager:us-east-1:123456789012:secret:session",
                "DYNAMODB_ENDPOINT", "http://127.0.0.1:9",
                "SQS_ENDPOINT", "http://127.0.0.1:9",
                "ALERT_QUEUE_URL", "http://127.0.0.1:9/123456789012/alerts");
        List<String> failures = new ArrayList<>();
        for (SamTemplate.Function function : template.functions()) {
            if (!"None".equals(function.snapStart()) && !"blocking".equals(function.environment().get("MARKET_BOOTSTRAP"))) {
                Map<String, String> environment = new LinkedHashMap<>(stage.environment(function));
                List.of("DATASOURCES_DEFAULT_PASSWORD", "ADMIN_TOKEN", "WEBHOOKS_SECRET_KEY").forEach(environment::remove);
                environment.putAll(unreachable);
                try (PackagedLambda.Instance instance = packaged.init(function.handler(), environment)) {
                    Map<?, ?> failed = instance.runSnapshotHooks();
                    if (!failed.isEmpty()) {
                        failures.add(function.logicalId() + ": priming failed: " + failed);
                    }
                } catch (Exception e) {
                    failures.add(function.logicalId() + ": " + e.getMessage());
                }
            }
        }
        assertEquals(List.of(), failures, "functions whose init or priming needed a store");
    }

    /**
     * The package logs through its own SLF4J binding to standard output (domainintel.aws.logging), not Logback: a
     * package where SLF4J found no binding would fall back to dropping every line silently.
     */
    @Test
    void functionsLogThroughThePackagesOwnBindingWithoutLogback() throws Exception {
        Object loggers = packaged.code().loadClass("org.slf4j.LoggerFactory").getMethod("getILoggerFactory").invoke(null);
        assertEquals("domainintel.aws.logging.StdoutLogging", loggers.getClass().getName());
        assertThrows(ClassNotFoundException.class, () -> packaged.code().loadClass("ch.qos.logback.classic.Logger"));
    }

    /** Why the answer to the sample event is wrong, or null when it is right. */
    private String check(String fixture, String answer) throws Exception {
        JsonNode response = stage.json().readValue(answer, JsonNode.class);
        switch (fixture) {
            case "sqs-deliveries.json" -> {
                // Delivered (200), kept for a retry (the receiver answered 500), webhook gone (dropped), unreadable (kept).
                Set<String> kept = new TreeSet<>();
                for (JsonNode failure : response.get("batchItemFailures").values()) {
                    kept.add(failure.get("itemIdentifier").getStringValue());
                }
                Set<String> expected = new TreeSet<>(Set.of("0a6e1c3e-2222-4e0e-9d1a-000000000002", "0a6e1c3e-4444-4e0e-9d1a-000000000004"));
                return kept.equals(expected) && stage.received("/ok").size() == 1 ? null
                        : "batch item failures " + kept + " (expected " + expected + "), deliveries to /ok: " + stage.received("/ok").size();
            }
            case "scheduled-sweep.json" -> {
                return response.get("relayed") != null && response.get("relayed").isNumber() ? null : answer;
            }
            case "cloudformation-migrate.json" -> {
                return response.get("Status") != null && "SUCCESS".equals(response.get("Status").getStringValue()) ? null : answer;
            }
            default -> {
                int expected = LambdaEventsTest.EXPECTED.get(fixture);
                int status = response.get("statusCode").getIntValue();
                return status == expected ? null : "HTTP " + status + " (expected " + expected + "): " + response.get("body");
            }
        }
    }
}
