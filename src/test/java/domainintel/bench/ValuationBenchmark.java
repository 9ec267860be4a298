package domainintel.bench;

import domainintel.names.DomainName;
import domainintel.names.DomainNames;
import domainintel.sales.SalesCsv;
import domainintel.support.Api;
import domainintel.valuation.ComparableSales;
import domainintel.valuation.ModelArtifact;
import domainintel.valuation.NameProfiler;
import domainintel.valuation.Valuator;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Valuation benchmark (not a test; bin/benchmark-valuation): model load time, start-up of the
 * whole valuator (lexicons, model, comparables index), in-process valuations per second, and
 * HTTP latency of one valuation and of a bulk batch of 200 on the local server, one client at a
 * time so that latency is not queueing, beside an authenticated route that does nothing (the key
 * check alone, from the test classpath). Names are real sold names from the bundled sales.
 */
public final class ValuationBenchmark {
    private static final int SINGLE_REQUESTS = 2_000;
    private static final int BULK_REQUESTS = 200;

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        long cpu0 = processCpuNanos();
        ModelArtifact.loadBundled();
        double firstLoad = millis(t0);
        double firstLoadCpu = (processCpuNanos() - cpu0) / 1e6;
        long t1 = System.nanoTime();
        ModelArtifact.loadBundled();
        double secondLoad = millis(t1);
        long t2 = System.nanoTime();
        long cpu2 = processCpuNanos();
        var profiler = NameProfiler.standalone();
        var valuator = new Valuator(profiler, new ComparableSales(profiler.segmenter(), profiler.english()), Clock.systemUTC());
        double startup = millis(t2);
        double startupCpu = (processCpuNanos() - cpu2) / 1e6;
        // CPU on all threads (the JIT and the collector included) says less about the machine's load than the wall time.
        System.out.printf("model load: %.0f ms (first in this JVM; %.0f ms of CPU), %.0f ms (again)%n", firstLoad, firstLoadCpu, secondLoad);
        System.out.printf("valuator start-up (lexicons + model + comparables index): %.0f ms (%.0f ms of CPU)%n", startup, startupCpu);

        List<String> names = SalesCsv.bundled().stream().map(s -> s.domain()).distinct().limit(10_000).toList();
        List<DomainName> parsed = names.stream().map(DomainNames::tryParse).flatMap(java.util.Optional::stream).toList();
        for (int round = 0; round < 3; round++) {
            long t = System.nanoTime();
            parsed.forEach(valuator::value);
            double seconds = (System.nanoTime() - t) / 1e9;
            System.out.printf("in-process, round %d: %,.0f valuations/s (%.3f ms each, with drivers and comparables)%n",
                    round + 1, parsed.size() / seconds, 1000 * seconds / parsed.size());
        }

        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Map.of(
                "data-dir", Files.createTempDirectory("valuation-benchmark").toString(),
                "admin.token", Api.ADMIN_TOKEN, "micronaut.server.port", "-1",
                "local.dynamodb-in-memory", System.getProperty("bench.dynamodbInMemory", "false")))) {
            Api admin = new Api(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class));
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            URI single = server.getURI().resolve("/api/v1/valuations");
            URI bulk = server.getURI().resolve("/api/v1/valuations/bulk");
            List<String> singleBodies = names.stream().limit(SINGLE_REQUESTS).map(n -> "{\"domain\":\"" + n + "\"}").toList();
            List<String> bulkBodies = new ArrayList<>();
            for (int i = 0; i < BULK_REQUESTS; i++) {
                int from = (i * 200) % (names.size() - 200);
                bulkBodies.add(names.subList(from, from + 200).stream().map(n -> "\"" + n + "\"")
                        .collect(Collectors.joining(",", "{\"domains\":[", "]}")));
            }
            URI authOnly = server.getURI().resolve("/api/v1/test/enterprise");
            run(http, admin, authOnly, java.util.Collections.nCopies(300, null));
            run(http, admin, single, singleBodies.subList(0, 300));
            run(http, admin, bulk, bulkBodies.subList(0, 30));
            System.out.println(run(http, admin, authOnly, java.util.Collections.nCopies(SINGLE_REQUESTS, null))
                    .line("GET auth-only test route", "the key check alone"));
            System.out.println(run(http, admin, single, singleBodies).line("POST /valuations (1 name)", "target p99 < 10 ms"));
            System.out.println(run(http, admin, bulk, bulkBodies).line("POST /valuations/bulk (200)", "target p50 < 50 ms"));
        }
        // DynamoDB Local leaves a non-daemon thread behind; without this the JVM lingers for minutes.
        System.exit(0);
    }

    record Result(int requests, int errors, double p50, double p99) {
        String line(String name, String target) {
            return String.format("%-30s %5d requests  %3d non-2xx  p50 %7.2f ms  p99 %7.2f ms  (%s)", name, requests, errors, p50, p99, target);
        }
    }

    /** Sequential requests (a null body is a GET), a fresh Enterprise key every 900 (the daily quota is 1,000). */
    private static Result run(HttpClient http, Api admin, URI uri, List<String> bodies) throws Exception {
        long[] latencies = new long[bodies.size()];
        int errors = 0;
        String key = null;
        for (int i = 0; i < bodies.size(); i++) {
            if (i % 900 == 0) {
                key = admin.createKey("enterprise", "bench");
            }
            var builder = HttpRequest.newBuilder(uri).header("Authorization", "Bearer " + key).timeout(Duration.ofSeconds(30));
            HttpRequest request = bodies.get(i) == null ? builder.GET().build()
                    : builder.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(bodies.get(i))).build();
            long t = System.nanoTime();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            latencies[i] = System.nanoTime() - t;
            if (response.statusCode() != 200) {
                errors++;
            }
        }
        Arrays.sort(latencies);
        return new Result(latencies.length, errors, percentile(latencies, 0.50), percentile(latencies, 0.99));
    }

    private static double percentile(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)] / 1e6;
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static double millis(long since) {
        return (System.nanoTime() - since) / 1e6;
    }
}
