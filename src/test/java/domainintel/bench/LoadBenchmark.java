package domainintel.bench;

import domainintel.access.AdmissionWriteJson;
import domainintel.sales.SalesCsv;
import domainintel.support.Api;
import io.micronaut.json.JsonMapper;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Load benchmark (not a test), in four processes: DynamoDB Local, the server (a JVM of its own,
 * pointed at that DynamoDB Local), {@code wrk} as the client, and this JVM, which only starts them,
 * creates keys and prints the table (it is idle while wrk measures).
 *
 * <p>The floor is measured in the same run: the server's admission {@code UpdateItem}, byte for byte
 * what the access filter sends for a key, posted by wrk straight to the same DynamoDB Local at the
 * same concurrency. Every authenticated route is at least that write, so its throughput and latency
 * are reported as a ratio to the floor (and to {@code /health}, which does no write).
 *
 * <p>With {@code cpus=pinned} DynamoDB Local runs alone on CPU 1 and everything else (the server, wrk, this
 * JVM) on CPU 0, as on AWS, where the store runs on machines of its own: the floor is pinned the same way
 * (wrk on CPU 0 posting to DynamoDB Local on CPU 1), so its ratio to the routes stays like for like. With
 * {@code cpus=shared} (the default) every process may run on every CPU.
 *
 * <p>Usage: {@code bin/benchmark-load [seconds-per-measurement=10] [clients=1,16] [dynamodb=disk|memory] [cpus=shared|pinned]}.
 */
public final class LoadBenchmark {
    private static final String TABLE = "di-accounts"; // the admission write counts on the account's item
    private static final Pattern RESULT = Pattern.compile(
            "RESULT requests=(\\d+) duration_us=(\\d+) non2xx=(\\d+) socket_errors=(\\d+) p50_us=(\\d+) p90_us=(\\d+) p99_us=(\\d+) max_us=(\\d+)");
    /** Requests one key may make in a run: the Enterprise quota is 1,000 a day. */
    private static final int PER_KEY = 900;
    private static final int WARM_UP_CLIENTS = 8;

    record Route(String name, String method, String path, List<String> bodies, boolean authenticated) {
    }

    /**
     * One wrk measurement, and the CPU time the server and DynamoDB Local spent during it. The
     * server's JIT compiler threads are counted apart: their work is warm-up, not the request's.
     */
    record Result(long requests, double seconds, long non2xx, long socketErrors, double p50, double p90, double p99, double max,
                  double serverCpuSeconds, double serverJitSeconds, double dynamoDbCpuSeconds) {
        double throughput() {
            return requests / seconds;
        }

        /** Milliseconds of CPU per request: unlike latency, hardly inflated by other work queued on the machine. */
        double serverCpuPerRequest() {
            return serverCpuSeconds * 1000 / requests;
        }

        double serverJitPerRequest() {
            return serverJitSeconds * 1000 / requests;
        }

        double dynamoDbCpuPerRequest() {
            return dynamoDbCpuSeconds * 1000 / requests;
        }
    }

    /** {@code taskset} CPU lists: the store's CPU and everyone else's, when pinned. */
    private static final String STORE_CPU = "1";
    private static final String OTHERS_CPU = "0";

    private final Path work;
    private final int seconds;
    private final String wrk;
    private final boolean pinned;
    private final List<Process> processes = new ArrayList<>();
    private URI server;
    private URI dynamoDb;
    private Api admin;

    private LoadBenchmark(Path work, int seconds, String wrk, boolean pinned) {
        this.work = work;
        this.seconds = seconds;
        this.wrk = wrk;
        this.pinned = pinned;
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        List<Integer> concurrencies = args.length > 1
                ? java.util.Arrays.stream(args[1].split(",")).map(Integer::parseInt).toList() : List.of(1, 16);
        boolean inMemory = args.length > 2 && args[2].equals("memory");
        boolean pinned = args.length > 3 && args[3].equals("pinned");
        LoadBenchmark bench = new LoadBenchmark(Files.createTempDirectory("load-benchmark"), seconds,
                System.getProperty("bench.wrk", "wrk"), pinned);
        try {
            bench.start(inMemory);
            bench.run(concurrencies, inMemory);
        } finally {
            bench.stop();
        }
    }

    private void start(boolean inMemory) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        String classpath = System.getProperty("java.class.path");
        int dynamoPort = freePort();
        List<String> store = new ArrayList<>(onCpu(STORE_CPU));
        store.addAll(List.of(java, "-cp", classpath,
                "com.amazonaws.services.dynamodbv2.local.main.ServerRunner",
                "-port", Integer.toString(dynamoPort), "-sharedDb", "-disableTelemetry"));
        store.addAll(inMemory ? List.of("-inMemory") : List.of("-dbPath", Files.createDirectories(work.resolve("dynamodb")).toString()));
        processes.add(new ProcessBuilder(store).redirectErrorStream(true).redirectOutput(work.resolve("dynamodb.log").toFile()).start());
        dynamoDb = URI.create("http://127.0.0.1:" + dynamoPort);
        awaitPort(dynamoPort);

        List<String> serverCommand = new ArrayList<>(onCpu(OTHERS_CPU));
        serverCommand.addAll(List.of(java, "-cp", classpath, "domainintel.Application"));
        ProcessBuilder app = new ProcessBuilder(serverCommand);
        app.environment().put("DATA_DIR", work.resolve("data").toString());
        app.environment().put("DYNAMODB_ENDPOINT", dynamoDb.toString());
        app.environment().put("ADMIN_TOKEN", Api.ADMIN_TOKEN);
        app.environment().put("MICRONAUT_SERVER_PORT", "-1");
        Path log = work.resolve("server.log");
        processes.add(app.redirectErrorStream(true).redirectOutput(log.toFile()).start());
        server = awaitServing(log, processes.get(1));
        admin = new Api(server, JsonMapper.createDefault());
        System.out.printf("DynamoDB Local (%s) on %s, server on %s; %s; logs in %s%n",
                inMemory ? "in memory" : "on disk", dynamoDb, server, cpus(), work);
    }

    private void run(List<Integer> concurrencies, boolean inMemory) throws Exception {
        List<String> names = SalesCsv.bundled().stream().map(s -> s.domain()).distinct().limit(10_000).toList();
        List<String> single = names.stream().map(n -> "{\"domain\":\"" + n + "\"}").toList();
        List<String> bulk = new ArrayList<>();
        for (int from = 0; from + 200 <= names.size(); from += 200) {
            bulk.add(names.subList(from, from + 200).stream().map(n -> "\"" + n + "\"")
                    .collect(Collectors.joining(",", "{\"domains\":[", "]}")));
        }
        List<Route> routes = List.of(
                new Route("GET /health", "GET", "/health", List.of(), false),
                new Route("auth only: GET /api/v1/test/enterprise", "GET", "/api/v1/test/enterprise", List.of(), true),
                new Route("listing: GET /api/v1/domains?tld=com&sort=-price&perPage=20&page=2", "GET",
                        "/api/v1/domains?tld=com&sort=-price&perPage=20&page=2", List.of(), true),
                new Route("detail: GET /api/v1/domains/{domain}", "GET", "/api/v1/domains/" + firstListedDomain(), List.of(), true),
                new Route("single valuation: POST /api/v1/valuations", "POST", "/api/v1/valuations", single, true),
                new Route("bulk-200: POST /api/v1/valuations/bulk", "POST", "/api/v1/valuations/bulk", bulk, true));

        warmUp(routes);
        System.out.println("uptime at start: " + uptime());
        Map<String, Result> results = new LinkedHashMap<>();
        for (int clients : concurrencies) {
            results.put(clients + "|floor (before)", floor(clients));
            for (Route route : routes) {
                results.put(clients + "|" + route.name(), measure(route, clients));
            }
            results.put(clients + "|floor (after)", floor(clients));
        }
        System.out.println("uptime at end: " + uptime());
        print(results, concurrencies, routes, inMemory);
    }

    /**
     * Every route under load for {@code bench.warmupSeconds} (20 s) each before
     * anything is measured: the JIT compiles the server's request path for minutes after start, and
     * a route measured while C2 still compiles it pays for the compiling (seen as CPU on the compiler
     * threads and as latency). Each measurement still has its own short warm-up after this.
     */
    private void warmUp(List<Route> routes) throws Exception {
        int duration = Integer.getInteger("bench.warmupSeconds", 20);
        if (duration <= 0) {
            return;
        }
        System.out.printf("Warming up: every route for %d s at %d clients%n", duration, WARM_UP_CLIENTS);
        for (Route route : routes) {
            Path keysFile = route.authenticated() ? write("keys", keys(WARM_UP_CLIENTS, duration)) : null;
            Path bodiesFile = route.bodies().isEmpty() ? null : write("bodies", route.bodies());
            wrk(server.resolve(route.path()), WARM_UP_CLIENTS, duration, List.of(), route.method(), keysFile, bodiesFile);
        }
    }

    /** The admission UpdateItem straight to DynamoDB Local, on keys of its own (real items, made by the admin API). */
    private Result floor(int clients) throws Exception {
        Instant now = Instant.now();
        List<String> bodies = keys(clients, seconds).stream().map(secret -> AdmissionWriteJson.forKey(TABLE, secret, now)).toList();
        Path bodiesFile = write("floor-bodies", bodies);
        List<String> headers = List.of("Content-Type: application/x-amz-json-1.0",
                "X-Amz-Target: DynamoDB_20120810.UpdateItem",
                // DynamoDB Local reads the access key from a SigV4-shaped header and checks no signature.
                "Authorization: AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, "
                        + "SignedHeaders=host;x-amz-date;x-amz-target, Signature=" + "0".repeat(64),
                "X-Amz-Date: 20260101T000000Z");
        wrk(dynamoDb.resolve("/"), clients, Math.min(5, seconds), headers, "POST", null, bodiesFile);
        return wrk(dynamoDb.resolve("/"), clients, seconds, headers, "POST", null, bodiesFile);
    }

    private Result measure(Route route, int clients) throws Exception {
        Path keysFile = route.authenticated() ? write("keys", keys(clients, seconds)) : null;
        Path bodiesFile = route.bodies().isEmpty() ? null : write("bodies", route.bodies());
        URI uri = server.resolve(route.path());
        // Warm-up (JIT, connection pools), then the measurement, both with fresh keys' budget.
        wrk(uri, clients, Math.min(5, seconds), List.of(), route.method(), keysFile, bodiesFile);
        return wrk(uri, clients, seconds, List.of(), route.method(), keysFile, bodiesFile);
    }

    /** Enough Enterprise keys that none reaches its daily quota in a 5 s warm-up plus {@code duration} seconds. */
    private List<String> keys(int clients, int duration) {
        int count = Math.max(clients, (int) Math.ceil(3_000.0 * (duration + 5) / PER_KEY));
        List<String> keys = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            keys.add(admin.createKey("enterprise", "bench"));
        }
        return keys;
    }

    private Result wrk(URI uri, int clients, int duration, List<String> headers, String method, Path keys, Path bodies)
            throws Exception {
        List<String> command = new ArrayList<>(onCpu(OTHERS_CPU));
        command.addAll(List.of(wrk, "-t", Integer.toString(Math.min(clients, 2)),
                "-c", Integer.toString(clients), "-d", duration + "s", "--timeout", "10s", "-s", "bin/benchmark-load.lua"));
        for (String header : headers) {
            command.add("-H");
            command.add(header);
        }
        command.addAll(List.of(uri.toString(), "--", method, keys == null ? "-" : keys.toString(), bodies == null ? "-" : bodies.toString()));
        double serverCpu = cpuSeconds(processes.get(1));
        double serverJit = jitCompilerSeconds(processes.get(1));
        double dynamoDbCpu = cpuSeconds(processes.get(0));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        serverJit = jitCompilerSeconds(processes.get(1)) - serverJit;
        serverCpu = cpuSeconds(processes.get(1)) - serverCpu - serverJit;
        dynamoDbCpu = cpuSeconds(processes.get(0)) - dynamoDbCpu;
        if (!process.waitFor(duration + 60L, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("wrk failed: " + output);
        }
        Matcher m = RESULT.matcher(output);
        if (!m.find()) {
            throw new IllegalStateException("no RESULT line from wrk: " + output);
        }
        return new Result(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)) / 1e6, Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4)), us(m.group(5)), us(m.group(6)), us(m.group(7)), us(m.group(8)), serverCpu, serverJit, dynamoDbCpu);
    }

    private void print(Map<String, Result> results, List<Integer> concurrencies, List<Route> routes, boolean inMemory) {
        System.out.printf("%nDynamoDB Local %s; %s; %d s per measurement after a warm-up; wrk keep-alive connections.%n",
                inMemory ? "in memory" : "on disk", cpus(), seconds);
        System.out.println("| clients | what | requests | non-2xx | throughput | p50 | p99 | throughput / floor | p99 / floor p99 "
                + "| p50 - floor p50 | p99 / health p99 | server CPU / request | server JIT CPU / request | DynamoDB Local CPU / request |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (int clients : concurrencies) {
            Result before = results.get(clients + "|floor (before)");
            Result after = results.get(clients + "|floor (after)");
            // The stricter floor of the two runs: the higher throughput and the lower latencies.
            double floorThroughput = Math.max(before.throughput(), after.throughput());
            double floorP50 = Math.min(before.p50(), after.p50());
            double floorP99 = Math.min(before.p99(), after.p99());
            Result health = results.get(clients + "|GET /health");
            List<String> rows = new ArrayList<>(List.of("floor (before)"));
            routes.forEach(r -> rows.add(r.name()));
            rows.add("floor (after)");
            for (String row : rows) {
                Result r = results.get(clients + "|" + row);
                boolean isFloor = row.startsWith("floor");
                System.out.printf("| %d | %s | %,d | %d | %,.0f req/s | %.2f ms | %.2f ms | %s | %s | %s | %s | %.3f ms | %.3f ms | %.3f ms |%n",
                        clients, isFloor ? "floor: UpdateItem straight to DynamoDB Local " + row.substring(6) : row,
                        r.requests(), r.non2xx() + r.socketErrors(), r.throughput(), r.p50(), r.p99(),
                        isFloor ? "" : String.format("%.2f", r.throughput() / floorThroughput),
                        isFloor ? "" : String.format("%.2f", r.p99() / floorP99),
                        isFloor ? "" : String.format("%+.2f ms", r.p50() - floorP50),
                        String.format("%.2f", r.p99() / health.p99()), r.serverCpuPerRequest(), r.serverJitPerRequest(),
                        r.dynamoDbCpuPerRequest());
            }
        }
        System.out.println("(non-2xx on the floor rows are refused conditions; anywhere else they would make the row invalid)");
    }

    /** The command prefix that runs a process on the given CPUs when pinned, none otherwise. */
    private List<String> onCpu(String cpus) {
        return pinned ? List.of("taskset", "-c", cpus) : List.of();
    }

    private String cpus() {
        return pinned ? "pinned: DynamoDB Local alone on CPU " + STORE_CPU + ", the server, wrk and the harness on CPU " + OTHERS_CPU
                + " (floor and routes alike)" : "not pinned: every process on every CPU";
    }

    private String firstListedDomain() {
        return admin.get("/api/v1/domains?perPage=1&sort=-price", admin.createKey("enterprise", "bench"))
                .data().get("domains").get(0).get("name").getStringValue();
    }

    private Path write(String prefix, List<String> lines) throws IOException {
        return Files.write(Files.createTempFile(work, prefix, ".txt"), lines);
    }

    /** User + system CPU of a process, all its threads, from /proc (Linux; clock ticks of 1/100 s). */
    private static double cpuSeconds(Process process) throws IOException {
        return ticks(Files.readString(Path.of("/proc/" + process.pid() + "/stat"))) / 100.0;
    }

    /** The part of {@link #cpuSeconds} spent by the JIT compiler threads ({@code C1/C2 CompilerThre...}), which live as long as the JVM. */
    private static double jitCompilerSeconds(Process process) throws IOException {
        long ticks = 0;
        try (var threads = Files.list(Path.of("/proc/" + process.pid() + "/task"))) {
            for (Path thread : threads.toList()) {
                try {
                    String stat = Files.readString(thread.resolve("stat"));
                    if (stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')).contains("CompilerThre")) {
                        ticks += ticks(stat);
                    }
                } catch (IOException ended) {
                    // A thread that ended between the listing and the read: not a compiler thread.
                }
            }
        }
        return ticks / 100.0;
    }

    private static long ticks(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    private static double us(String value) {
        return Long.parseLong(value) / 1000.0;
    }

    private static String uptime() {
        try {
            Process p = new ProcessBuilder("uptime").redirectErrorStream(true).start();
            return new String(p.getInputStream().readAllBytes()).strip();
        } catch (IOException e) {
            return "(uptime unavailable: " + e.getMessage() + ")";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void awaitPort(int port) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            try (Socket ignored = new Socket(InetAddress.getLoopbackAddress(), port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(200);
            }
        }
        throw new IllegalStateException("DynamoDB Local did not listen on " + port);
    }

    /** The server picks its own port and logs it once it serves ("... Server Running: http://localhost:PORT"). */
    private static URI awaitServing(Path log, Process process) throws IOException, InterruptedException {
        Pattern running = Pattern.compile("Server Running: http://[^:\\s]+:(\\d+)\\s");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (System.nanoTime() < deadline) {
            Matcher m = running.matcher(Files.readString(log));
            if (m.find()) {
                return URI.create("http://127.0.0.1:" + m.group(1));
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("server exited: " + Files.readString(log));
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("server did not start: " + Files.readString(log));
    }

    private void stop() throws InterruptedException {
        for (Process process : processes) {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
