package domainintel.bench;

import domainintel.support.Api;
import domainintel.support.WebhookReceiver;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.runtime.server.EmbeddedServer;

import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;

/**
 * Alert benchmark (not a test): the local server on a fresh DATA_DIR and a real HTTP receiver on
 * loopback. Prints (1) end-to-end latency from an admin price change (the PUT being sent) to the
 * signed alert arriving at the receiver, p50/p99 over changes made one at a time; (2) deliveries
 * per second for a burst: a CSV import of many price changes, fanned out to several webhooks.
 * Usage: bin/benchmark-alerts [latency-samples] [burst-changes] [webhooks].
 */
public final class AlertBenchmark {
    public static void main(String[] args) throws Exception {
        int samples = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int burst = args.length > 1 ? Integer.parseInt(args[1]) : 500;
        int webhooks = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        try (WebhookReceiver receiver = new WebhookReceiver();
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Map.of(
                     "data-dir", Files.createTempDirectory("alert-benchmark").toString(),
                     "admin.token", Api.ADMIN_TOKEN, "micronaut.server.port", "-1",
                     "catalogue.demo-on-empty", "false",
                     "local.dynamodb-in-memory", System.getProperty("bench.dynamodbInMemory", "false"),
                     "webhooks.allow-private-targets", "true"))) {
            JsonMapper json = server.getApplicationContext().getBean(JsonMapper.class);
            Api api = new Api(server.getURI(), json);
            String key = api.createKey("enterprise", "bench");
            register(api, key, receiver.url("/latency"), "dev");

            System.out.printf("warming up...%n");
            measureLatency(api, json, receiver, "warmup", 20);
            System.out.printf("latency: %d price changes, one at a time%n", samples);
            double[] latencies = measureLatency(api, json, receiver, "latency", samples);
            Arrays.sort(latencies);
            System.out.printf("admin price change -> alert received: p50 %.1f ms  p99 %.1f ms  max %.1f ms (target p50 < 1000 ms)%n",
                    percentile(latencies, 0.50), percentile(latencies, 0.99), latencies[latencies.length - 1]);

            for (int i = 0; i < webhooks; i++) {
                register(api, key, receiver.url("/burst" + i), "io");
            }
            StringBuilder csv = new StringBuilder("domain,price\n");
            for (int i = 0; i < burst; i++) {
                csv.append("burst").append(i).append(".io,").append(1000 + i).append('\n');
            }
            int before = receiver.received().size();
            int expected = burst * webhooks;
            System.out.printf("burst: CSV import of %d new listings, %d webhooks -> %d deliveries%n", burst, webhooks, expected);
            Instant start = Instant.now();
            var reply = api.send("POST", "/admin/v1/domains/import", Api.ADMIN_TOKEN, "text/csv", csv.toString());
            if (reply.status() != 200) {
                throw new IllegalStateException("import failed: " + reply.raw().body());
            }
            Instant imported = Instant.now();
            WebhookReceiver.await(() -> receiver.received().size() - before >= expected, expected + " burst deliveries");
            Instant done = Instant.now();
            var got = receiver.received().subList(before, receiver.received().size());
            long distinct = got.stream().map(r -> r.path() + r.webhookId()).distinct().count();
            double seconds = Duration.between(start, done).toMillis() / 1000.0;
            System.out.printf("import took %.2f s; all %d deliveries in %.2f s from the start: %.0f deliveries/s; duplicates: %d%n",
                    Duration.between(start, imported).toMillis() / 1000.0, got.size(), seconds, got.size() / seconds,
                    got.size() - distinct);
        }
        // DynamoDB Local leaves a non-daemon job thread behind after it stops; nothing else is running.
        System.exit(0);
    }

    private static void register(Api api, String key, String url, String tld) {
        var reply = api.postJson("/api/v1/webhooks", key, "{\"url\":\"" + url
                + "\",\"events\":[\"domain.price_dropped\",\"domain.price_increased\",\"domain.listed\"],\"filters\":{\"tlds\":[\"" + tld + "\"]}}");
        if (reply.status() != 201) {
            throw new IllegalStateException("webhook registration failed: " + reply.raw().body());
        }
    }

    /** Changes one .dev listing's price at a time and waits for its alert; returns each latency in ms. */
    private static double[] measureLatency(Api api, JsonMapper json, WebhookReceiver receiver, String prefix, int count) throws Exception {
        double[] latencies = new double[count];
        for (int i = 0; i < count; i++) {
            String domain = prefix + i + ".dev";
            int before = receiver.received("/latency").size();
            Instant sentAt = Instant.now();
            var reply = api.send("PUT", "/admin/v1/domains/" + domain, Api.ADMIN_TOKEN, "application/json", "{\"price\":" + (500 + i) + "}");
            if (reply.status() != 201) {
                throw new IllegalStateException("price change failed: " + reply.raw().body());
            }
            WebhookReceiver.await(() -> receiver.received("/latency").size() > before, "alert for " + domain);
            var alert = receiver.received("/latency").get(before);
            JsonNode body = json.readValue(alert.body(), JsonNode.class);
            if (!body.get("data").get("domain").getStringValue().equals(domain)) {
                throw new IllegalStateException("unexpected alert " + alert.body());
            }
            latencies[i] = Duration.between(sentAt, alert.at()).toNanos() / 1e6;
        }
        return latencies;
    }

    private static double percentile(double[] sorted, double p) {
        int index = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
