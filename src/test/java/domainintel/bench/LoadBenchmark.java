package domainintel.bench;

import domainintel.aws.DynamoDbCallCounter;
import domainintel.support.Api;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Load benchmark (not a test): starts the local server on a fresh DATA_DIR, then drives it with
 * concurrent keep-alive clients and prints p50/p99 latency and throughput of
 * {@code GET /api/v1/domains} beside {@code GET /health} from the same run, and the DynamoDB calls
 * made per authenticated request. Each client has its own Enterprise key, so the daily quota
 * (1,000) never cuts the run short. Usage: bin/benchmark-load [clients] [requests-per-client].
 */
public final class LoadBenchmark {
    public static void main(String[] args) throws Exception {
        int clients = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        int perClient = args.length > 1 ? Integer.parseInt(args[1]) : 800;
        if (perClient > 900) {
            throw new IllegalArgumentException("at most 900 requests per client: warm-up and the 1,000 daily quota");
        }
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Map.of(
                "data-dir", Files.createTempDirectory("load-benchmark").toString(),
                "admin.token", Api.ADMIN_TOKEN, "micronaut.server.port", "-1",
                "local.dynamodb-in-memory", System.getProperty("bench.dynamodbInMemory", "false")))) {
            ApplicationContext context = server.getApplicationContext();
            Api admin = new Api(server.getURI(), context.getBean(JsonMapper.class));
            List<String> keys = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                keys.add(admin.createKey("enterprise", "bench"));
            }
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            URI health = server.getURI().resolve("/health");
            String path = System.getProperty("bench.path", "/api/v1/domains?tld=com&sort=-price&perPage=20&page=2");
            URI listing = server.getURI().resolve(path);
            System.out.printf("warming up (%d clients)...%n", clients);
            run(http, health, keys, 50);
            run(http, listing, keys, 50);

            System.out.printf("%d concurrent keep-alive clients x %d requests each%n", clients, perClient);
            Result h = run(http, health, keys, perClient);
            DynamoDbCallCounter counter = context.getBean(DynamoDbCallCounter.class);
            long callsBefore = counter.calls();
            Result l = run(http, listing, keys, perClient);
            double callsPerRequest = (double) (counter.calls() - callsBefore) / l.requests();
            System.out.println(h.line("GET /health"));
            System.out.println(l.line("GET " + path.replaceFirst("\\?.*", "")));
            System.out.printf("p99 ratio listing/health: %.2f (target <= 2.0)%n", l.p99() / h.p99());
            System.out.printf("DynamoDB calls per listing request: %.3f (target 1.0)%n", callsPerRequest);
        }
        // DynamoDB Local leaves a non-daemon thread behind; without this the JVM lingers for minutes.
        System.exit(0);
    }

    record Result(int requests, int errors, double seconds, double p50, double p99) {
        String line(String name) {
            return String.format("%-22s %6d requests  %4d non-2xx  %8.0f req/s  p50 %6.2f ms  p99 %6.2f ms",
                    name, requests, errors, requests / seconds, p50, p99);
        }
    }

    private static Result run(HttpClient http, URI uri, List<String> keys, int perClient) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(keys.size());
        try {
            List<Future<long[]>> futures = new ArrayList<>();
            long start = System.nanoTime();
            for (String key : keys) {
                futures.add(pool.submit(() -> {
                    HttpRequest request = HttpRequest.newBuilder(uri).header("Authorization", "Bearer " + key)
                            .timeout(Duration.ofSeconds(30)).GET().build();
                    long[] latencies = new long[perClient + 1];
                    for (int i = 0; i < perClient; i++) {
                        long t = System.nanoTime();
                        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                        latencies[i] = System.nanoTime() - t;
                        if (response.statusCode() / 100 != 2) {
                            latencies[perClient]++;
                        }
                    }
                    return latencies;
                }));
            }
            List<Long> all = new ArrayList<>();
            int errors = 0;
            for (Future<long[]> f : futures) {
                long[] latencies = f.get();
                errors += (int) latencies[perClient];
                for (int i = 0; i < perClient; i++) {
                    all.add(latencies[i]);
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            long[] sorted = all.stream().mapToLong(Long::longValue).toArray();
            Arrays.sort(sorted);
            return new Result(sorted.length, errors, seconds, percentile(sorted, 0.50), percentile(sorted, 0.99));
        } finally {
            pool.shutdownNow();
        }
    }

    private static double percentile(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)] / 1e6;
    }
}
