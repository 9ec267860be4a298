package domainintel.lambda;

import com.sun.net.httpserver.HttpServer;
import domainintel.alerts.Webhook;
import domainintel.alerts.WebhookFilters;
import domainintel.alerts.outbound.WebhookSigner;
import domainintel.alerts.store.AlertQueue;
import domainintel.alerts.store.WebhookRepository;
import domainintel.aws.AwsEndpoints;
import domainintel.support.Api;
import domainintel.support.PostgresCluster;
import domainintel.support.WebhookReceiver;
import domainintel.support.WebhookReceiver.Answer;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.runtime.server.EmbeddedServer;
import software.amazon.awssdk.services.sqs.SqsClient;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What the functions of template.yaml reach once deployed, run on this machine: DynamoDB Local, ElasticMQ
 * and a real PostgreSQL (migrated, with the bundled sales) behind a local server of the application, an API
 * key, two webhook receivers (one answers 200, one 500) with a webhook each, a stand-in for CloudFormation's
 * response URL, and the domain that {@code events/domain-detail.json} asks for. It gives each function its
 * environment as Lambda would (the template's variables, with local stand-ins for the stack's references and
 * secrets) and the sample events of {@code events/} with their placeholders filled in.
 */
public final class LocalLambdaStage implements AutoCloseable {
    public static final String WORKER_OWNER = "stage-worker";
    private static final String WEBHOOK_OK = "wh_stageOk00000000000000";
    private static final String WEBHOOK_FAILING = "wh_stageFailing000000000";

    private final EmbeddedServer stores;
    private final WebhookReceiver ok;
    private final WebhookReceiver failing;
    private final HttpServer cloudFormation;
    private final JsonMapper json;
    private final Map<String, String> substitutions = new LinkedHashMap<>();
    private final Map<String, String> local = new LinkedHashMap<>();

    private LocalLambdaStage(Path work, String database) throws IOException {
        String jdbcUrl = PostgresCluster.jdbcUrl(database).orElseThrow(() -> new IllegalStateException(
                "PostgreSQL is needed for the database functions: " + PostgresCluster.whyUnavailable()));
        String webhookKey = Base64.getEncoder().encodeToString(new byte[32]);
        stores = ApplicationContext.run(EmbeddedServer.class, Map.ofEntries(
                Map.entry("data-dir", work.resolve("stores").toString()),
                Map.entry("admin.token", Api.ADMIN_TOKEN),
                Map.entry("micronaut.server.port", "-1"),
                Map.entry("datasources.default.url", jdbcUrl),
                Map.entry("datasources.default.driver-class-name", "org.postgresql.Driver"),
                Map.entry("datasources.default.username", "postgres"),
                Map.entry("datasources.default.password", ""),
                Map.entry("webhooks.secret-key", webhookKey),
                Map.entry("webhooks.local-workers", "false"),
                Map.entry("webhooks.allow-private-targets", "true"),
                Map.entry("market.bootstrap", "blocking")));
        ok = new WebhookReceiver().answering(n -> Answer.of(200));
        failing = new WebhookReceiver().answering(n -> Answer.of(500));
        cloudFormation = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        cloudFormation.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        cloudFormation.start();

        ApplicationContext context = stores.getApplicationContext();
        json = context.getBean(JsonMapper.class);
        Api api = new Api(stores.getURI(), json);
        substitutions.put("${ADMIN_TOKEN}", Api.ADMIN_TOKEN);
        substitutions.put("${API_KEY}", api.createKey("enterprise", "stage"));
        substitutions.put("${OWNER}", WORKER_OWNER);
        substitutions.put("${WEBHOOK_OK}", WEBHOOK_OK);
        substitutions.put("${WEBHOOK_FAILING}", WEBHOOK_FAILING);
        substitutions.put("${RESPONSE_URL}", "http://127.0.0.1:" + cloudFormation.getAddress().getPort() + "/response");
        WebhookRepository webhooks = context.getBean(WebhookRepository.class);
        for (var webhook : Map.of(WEBHOOK_OK, ok.url("/ok"), WEBHOOK_FAILING, failing.url("/failing")).entrySet()) {
            webhooks.create(new Webhook(webhook.getKey(), WORKER_OWNER, webhook.getValue(), List.of("domain.price_dropped"),
                    WebhookFilters.NONE, Instant.now(), false, null), WebhookSigner.newSecret(), 25);
        }
        int listed = api.send("PUT", "/admin/v1/domains/examplesample.com", Api.ADMIN_TOKEN, "application/json",
                "{\"price\":2500,\"category\":\"technology\"}").status();
        if (listed != 201 && listed != 200) {
            throw new IllegalStateException("could not list the sample domain: HTTP " + listed);
        }

        // Creates the local queues (they are created on first use); the functions get their URLs, as on AWS.
        context.getBean(AlertQueue.class).peekDeadLetters(1);
        SqsClient sqs = context.getBean(SqsClient.class);
        AwsEndpoints endpoints = context.getBean(AwsEndpoints.class);
        local.put("DYNAMODB_ENDPOINT", endpoints.dynamoDb().toString());
        local.put("SQS_ENDPOINT", endpoints.sqs().toString());
        local.put("ALERT_QUEUE_URL", sqs.getQueueUrl(b -> b.queueName(context.getProperty("aws.sqs.alert-queue", String.class).orElseThrow())).queueUrl());
        local.put("ALERT_DLQ_URL", sqs.getQueueUrl(b -> b.queueName(context.getProperty("aws.sqs.alert-dead-letter-queue", String.class).orElseThrow())).queueUrl());
        local.put("DATASOURCES_DEFAULT_URL", jdbcUrl);
        local.put("DATASOURCES_DEFAULT_USERNAME", "postgres");
        local.put("DATASOURCES_DEFAULT_PASSWORD", "");
        local.put("ADMIN_TOKEN", Api.ADMIN_TOKEN);
        local.put("WEBHOOKS_SECRET_KEY", webhookKey);
        local.put("WEBHOOKS_ALLOW_PRIVATE_TARGETS", "true");
        local.put("DATA_DIR", work.resolve("function-data").toString());
        // What Lambda itself sets for every function (region, credentials of the function's role).
        local.put("AWS_REGION", "us-east-1");
        local.put("AWS_DEFAULT_REGION", "us-east-1");
        local.put("AWS_ACCESS_KEY_ID", "local");
        local.put("AWS_SECRET_ACCESS_KEY", "local");
        local.put("AWS_LAMBDA_FUNCTION_VERSION", "1");
    }

    /** Starts the stores on a PostgreSQL database of this name (created if absent), working under {@code work}. */
    public static LocalLambdaStage start(Path work, String database) throws IOException {
        return new LocalLambdaStage(work, database);
    }

    public JsonMapper json() {
        return json;
    }

    /**
     * The function's environment as Lambda gives it: template.yaml's variables (the Globals' and its own), the
     * stack's references replaced by the local stores, secrets given as values instead of Secrets Manager ARNs,
     * and Lambda's own variables for the function.
     */
    public Map<String, String> environment(SamTemplate.Function function) {
        Map<String, String> environment = new LinkedHashMap<>();
        function.environment().forEach((k, v) -> {
            if (!v.startsWith("!")) {
                environment.put(k, v);
            }
        });
        environment.putAll(local);
        environment.put("AWS_LAMBDA_FUNCTION_NAME", function.logicalId());
        environment.put("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", Integer.toString(function.memoryMb()));
        environment.put("_HANDLER", function.handler());
        return environment;
    }

    /** The sample event {@code events/<fixture>} with its placeholders filled in. */
    public String event(String fixture) throws IOException {
        String text = Files.readString(Path.of("events", fixture));
        for (var s : substitutions.entrySet()) {
            text = text.replace(s.getKey(), s.getValue());
        }
        return text;
    }

    /** Deliveries the webhook receivers got: {@code /ok} answered 200, {@code /failing} 500. */
    public List<WebhookReceiver.Received> received(String path) {
        return path.equals("/ok") ? ok.received("/ok") : failing.received(path);
    }

    /**
     * The sample event for a function: the SQS batch, the schedule's event or the custom resource request
     * for those functions; else, of its API routes' events, a read (GET) of a route without path parameters,
     * then any GET, then its first.
     */
    public String sampleEvent(SamTemplate.Function function) throws IOException {
        if (!function.events("SQS").isEmpty()) {
            return "sqs-deliveries.json";
        }
        if (!function.events("Schedule").isEmpty()) {
            return "scheduled-sweep.json";
        }
        if (function.events().isEmpty()) {
            return "cloudformation-migrate.json";
        }
        List<String> routes = function.events("Api").stream().map(SamTemplate.EventSource::apiRoute).toList();
        Map<String, String> matches = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(Path.of("events"))) {
            for (Path file : files.sorted().toList()) {
                JsonNode event = json.readValue(Files.readString(file), JsonNode.class);
                if (event.get("httpMethod") != null) {
                    String route = event.get("httpMethod").getStringValue() + " " + event.get("resource").getStringValue();
                    if (routes.contains(route)) {
                        matches.put(file.getFileName().toString(), route);
                    }
                }
            }
        }
        List<String> preference = new ArrayList<>();
        matches.forEach((fixture, route) -> {
            if (route.startsWith("GET ") && !route.contains("{")) {
                preference.add(fixture);
            }
        });
        matches.forEach((fixture, route) -> {
            if (route.startsWith("GET ")) {
                preference.add(fixture);
            }
        });
        preference.addAll(matches.keySet());
        return preference.stream().findFirst()
                .orElseThrow(() -> new IllegalStateException("no sample event for " + function.logicalId()));
    }

    @Override
    public void close() throws Exception {
        cloudFormation.stop(0);
        ok.close();
        failing.close();
        stores.close();
    }
}
