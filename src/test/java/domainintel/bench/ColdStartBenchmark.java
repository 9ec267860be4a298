package domainintel.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import domainintel.lambda.LocalLambdaStage;
import domainintel.lambda.SamTemplate;
import domainintel.support.PackagedLambda;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Cold start of every function in template.yaml (not a test; {@code bin/benchmark-coldstart}). For each
 * function a fresh JVM is started the way the managed Java runtime starts one: the runtime interface
 * client's {@code AWSLambda} main class with the function's {@code Handler}, the deployment zip unpacked as
 * the task root, the function's memory as the heap limit, the template's {@code JAVA_TOOL_OPTIONS}
 * (C1 only) and environment. It talks to a Lambda Runtime API served here, which hands it the function's
 * sample event twice and timestamps every step:
 * <ul>
 *   <li>init: process start until the runtime first asks for an event (JVM start, class loading, handler
 *   construction: the Micronaut context);</li>
 *   <li>first and second invoke: event handed over until the answer came back;</li>
 *   <li>memory: the process's resident set after the second answer (and its peak).</li>
 * </ul>
 * A plain Java handler ({@link PlainJavaHandler}) is measured in the same run as the floor, and beside it the
 * keyed functions' like-for-like floor, a plain Java handler making one store call ({@link PlainJavaKeyCheckHandler}). The stores the
 * functions talk to (DynamoDB Local, ElasticMQ, PostgreSQL) run in this process, warm, on loopback.
 */
public final class ColdStartBenchmark {
    private static final String RUNTIME_MAIN = "com.amazonaws.services.lambda.runtime.api.client.AWSLambda";
    private static final long TIMEOUT_SECONDS = 240;
    private static final String STORE_FLOOR = "PlainJavaKeyCheckHandler (store floor)";
    /** The function whose package, memory, environment and event the store floor runs with. */
    private static final String STORE_FLOOR_LIKE = "UsageFunction";

    record Sample(String name, int memoryMb, long initMs, long firstMs, long secondMs, long rssMb, long peakRssMb,
                  String firstAnswer, Probe atInit, Probe atFirstAnswer) {
        long toFirstAnswerMs() {
            return initMs + firstMs;
        }
    }

    public static void main(String[] args) throws Exception {
        Path zip = Path.of(args[0]);
        String runtimeClasspath = args[1];
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        Path work = Files.createTempDirectory("coldstart");
        Path taskRoot = PackagedLambda.unzip(zip, work.resolve("task"));
        copyClass("PlainJavaKeyCheckHandler", taskRoot);
        Path floorRoot = floorTaskRoot(taskRoot, work.resolve("floor"));
        SamTemplate template = SamTemplate.read();

        try (LocalLambdaStage stage = LocalLambdaStage.start(work, "coldstart")) {
            System.out.printf("cold start per function: fresh JVM each (java %s, %s), %d round(s), %d cores; load: %s%n",
                    System.getProperty("java.version"), System.getenv().getOrDefault("COLDSTART_TASKSET", "all cores"),
                    rounds, Runtime.getRuntime().availableProcessors(), loadAverage());
            List<Sample> samples = new ArrayList<>();
            List<String> only = only();
            for (int round = 0; round < rounds; round++) {
                samples.add(run("PlainJavaHandler (floor)", "domainintel.bench.PlainJavaHandler", 1024, Map.of(),
                        floorRoot, runtimeClasspath, stage.event("health.json"), work));
                // The keyed functions' like-for-like floor: the same runtime path, the usage function's package,
                // memory, environment and event, and one store call in plain Java.
                var usage = template.functions().stream().filter(f -> f.logicalId().equals(STORE_FLOOR_LIKE)).findFirst().orElseThrow();
                samples.add(run(STORE_FLOOR, "domainintel.bench.PlainJavaKeyCheckHandler", usage.memoryMb(), stage.environment(usage),
                        taskRoot, runtimeClasspath, stage.event(stage.sampleEvent(usage)), work));
                for (var function : template.functions()) {
                    if (!only.isEmpty() && !only.contains(function.logicalId())) {
                        continue;
                    }
                    samples.add(run(function.logicalId(), function.handler(), function.memoryMb(), stage.environment(function),
                            taskRoot, runtimeClasspath, stage.event(stage.sampleEvent(function)), work));
                }
            }
            report(samples, rounds);
        }
        System.exit(0);
    }

    private static Sample run(String name, String handler, int memoryMb, Map<String, String> environment, Path taskRoot,
                              String runtimeClasspath, String event, Path work) throws Exception {
        RuntimeApi api = new RuntimeApi(event);
        List<String> command = new ArrayList<>();
        String taskset = System.getenv("COLDSTART_TASKSET");
        if (taskset != null && !taskset.isBlank()) {
            command.addAll(List.of("taskset", "-c", taskset));
        }
        // A profiler to start the JVM under (e.g. "perf record -g -o /tmp/{name}.data --"); {name} is the function.
        String wrapper = System.getenv("COLDSTART_WRAPPER");
        if (wrapper != null && !wrapper.isBlank()) {
            for (String word : wrapper.trim().split("\\s+")) {
                command.add(word.replace("{name}", name.replaceAll("[^A-Za-z]", "")));
            }
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // The managed runtime's heap limit is a share of the function's memory; serial GC as on Lambda.
                "-XX:MaxHeapSize=" + (memoryMb * 85 / 100) + "m", "-XX:+UseSerialGC", "-Xshare:auto"));
        // Profiling flags for this run only (class loading log, a flight recording): {name} is the function.
        String extra = System.getenv("COLDSTART_JAVA_OPTIONS");
        if (extra != null && !extra.isBlank()) {
            for (String option : extra.trim().split("\\s+")) {
                command.add(option.replace("{name}", name.replaceAll("[^A-Za-z]", "")));
            }
        }
        command.addAll(List.of("-cp", runtimeClasspath, RUNTIME_MAIN, handler));
        ProcessBuilder builder = new ProcessBuilder(command);
        Map<String, String> env = builder.environment();
        String path = env.get("PATH");
        env.clear();
        env.put("PATH", path);
        env.put("LANG", "en_US.UTF-8");
        env.put("TZ", ":UTC");
        env.put("AWS_REGION", "us-east-1");
        env.put("AWS_DEFAULT_REGION", "us-east-1");
        env.put("AWS_ACCESS_KEY_ID", "local");
        env.put("AWS_SECRET_ACCESS_KEY", "local");
        env.put("AWS_LAMBDA_FUNCTION_NAME", name);
        env.put("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", Integer.toString(memoryMb));
        env.put("AWS_LAMBDA_FUNCTION_VERSION", "1");
        env.put("AWS_LAMBDA_RUNTIME_API", "127.0.0.1:" + api.port());
        env.put("LAMBDA_TASK_ROOT", taskRoot.toString());
        env.put("_HANDLER", handler);
        env.putAll(environment);
        Path log = work.resolve(name.replaceAll("[^A-Za-z]", "") + ".log");
        // The runtime takes its working directory as the task root (/var/task on Lambda).
        builder.directory(taskRoot.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());

        long start = System.nanoTime();
        Process process = builder.start();
        api.watch(process.pid());
        try {
            api.await(TIMEOUT_SECONDS, process);
            String[] memory = memory(process.pid());
            long ms = 1_000_000;
            Sample sample = new Sample(name, memoryMb, (api.firstNext - start) / ms, (api.firstAnswer - api.firstNext) / ms,
                    (api.secondAnswer - api.secondNext) / ms, Long.parseLong(memory[0]) / 1024, Long.parseLong(memory[1]) / 1024,
                    summary(api.answers.get(0)), api.atInit, api.atFirstAnswer);
            System.out.printf("  %-28s init %6d ms (cpu %5d ms, %5d classes)  first %5d ms (cpu %5d ms, +%5d classes)  second %4d ms  rss %4d MB  -> %s%n",
                    name, sample.initMs(), sample.atInit().cpuMs(), sample.atInit().classes(), sample.firstMs(),
                    sample.atFirstAnswer().cpuMs() - sample.atInit().cpuMs(), sample.atFirstAnswer().classes() - sample.atInit().classes(),
                    sample.secondMs(), sample.rssMb(), sample.firstAnswer());
            return sample;
        } catch (Exception e) {
            throw new IllegalStateException(name + " did not answer: " + e.getMessage() + "; log: " + log, e);
        } finally {
            // SIGTERM first, so that a flight recording asked for in COLDSTART_JAVA_OPTIONS is written at exit.
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            api.stop();
        }
    }

    /** What came back, in brief: the status code of an API answer, or the start of any other. */
    private static String summary(String answer) {
        int at = answer.indexOf("\"statusCode\":");
        if (at >= 0) {
            return "HTTP " + answer.substring(at + 13, Math.min(answer.length(), at + 16));
        }
        return answer.length() > 60 ? answer.substring(0, 60) + "..." : answer;
    }

    private static String[] memory(long pid) throws IOException {
        String rss = "0";
        String peak = "0";
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("VmRSS:")) {
                rss = line.replaceAll("\\D", "");
            } else if (line.startsWith("VmHWM:")) {
                peak = line.replaceAll("\\D", "");
            }
        }
        return new String[]{rss, peak};
    }

    private static void report(List<Sample> samples, int rounds) {
        Map<String, List<Sample>> byName = new LinkedHashMap<>();
        samples.forEach(s -> byName.computeIfAbsent(s.name(), k -> new ArrayList<>()).add(s));
        Sample floor = median(byName.get("PlainJavaHandler (floor)"));
        Sample storeFloor = median(byName.get(STORE_FLOOR));
        System.out.printf("%n| Function | Memory | Init (ms) | 1st invoke (ms) | JVM start to 1st answer (ms) | x floor | x store floor | CPU to 1st answer (ms) | x floor CPU | x store floor CPU | Classes at 1st answer | 2nd invoke (ms) | RSS (MB) | Peak RSS (MB) | 1st answer |%n");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
        for (var entry : byName.entrySet()) {
            Sample s = median(entry.getValue());
            System.out.printf("| %s | %d | %d | %d | %d | %.2f | %.2f | %d | %.2f | %.2f | %d | %d | %d | %d | %s |%n", s.name(), s.memoryMb(), s.initMs(),
                    s.firstMs(), s.toFirstAnswerMs(), (double) s.toFirstAnswerMs() / floor.toFirstAnswerMs(),
                    (double) s.toFirstAnswerMs() / storeFloor.toFirstAnswerMs(),
                    s.atFirstAnswer().cpuMs(), (double) s.atFirstAnswer().cpuMs() / Math.max(1, floor.atFirstAnswer().cpuMs()),
                    (double) s.atFirstAnswer().cpuMs() / Math.max(1, storeFloor.atFirstAnswer().cpuMs()),
                    s.atFirstAnswer().classes(), s.secondMs(), s.rssMb(), s.peakRssMb(), s.firstAnswer());
        }
        System.out.println("(CPU: the function's process, all threads, user + system, read when init ended and when the first answer"
                + " arrived; classes: loaded by then, the JVM's own counter)");
        if (rounds > 1) {
            System.out.printf("(medians of %d rounds, by JVM start to first answer)%n", rounds);
        }
    }

    private static Sample median(List<Sample> runs) {
        List<Sample> sorted = runs.stream().sorted(Comparator.comparingLong(Sample::toFirstAnswerMs)).toList();
        return sorted.get(sorted.size() / 2);
    }

    /** The functions to measure ({@code COLDSTART_ONLY=HealthFunction,ValuationFunction}); empty: all of them. */
    private static List<String> only() {
        String only = System.getenv("COLDSTART_ONLY");
        return only == null || only.isBlank() ? List.of() : List.of(only.trim().split("\\s*,\\s*"));
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** The floor's package: its one class and the two Lambda libraries it uses (with Joda-Time for the events). */
    private static Path floorTaskRoot(Path taskRoot, Path into) throws IOException {
        copyClass("PlainJavaHandler", into);
        Files.createDirectories(into.resolve("lib"));
        try (Stream<Path> libs = Files.list(taskRoot.resolve("lib"))) {
            for (Path lib : libs.filter(p -> p.getFileName().toString().matches("(aws-lambda-java-(core|events)|joda-time)-.*\\.jar")).toList()) {
                Files.copy(lib, into.resolve("lib").resolve(lib.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return into;
    }

    /** One of this package's handler classes into a task root. */
    private static void copyClass(String simpleName, Path taskRoot) throws IOException {
        Path classFile = Path.of("target/test-classes/domainintel/bench/" + simpleName + ".class");
        Files.createDirectories(taskRoot.resolve("domainintel/bench"));
        Files.copy(classFile, taskRoot.resolve("domainintel/bench/" + simpleName + ".class"), StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * The Lambda Runtime API (2018-06-01) for one function instance: the same event twice, then it holds the
     * runtime's third request for an event until the process is stopped.
     */
    private static final class RuntimeApi {
        private static final String BASE = "/2018-06-01/runtime";
        private final HttpServer server;
        private final String event;
        private final BlockingQueue<String> failures = new LinkedBlockingQueue<>();
        private final List<String> answers = new java.util.concurrent.CopyOnWriteArrayList<>();
        private final java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        private volatile int handedOut;
        private volatile long pid;
        volatile Probe atInit = Probe.NONE;
        volatile Probe atFirstAnswer = Probe.NONE;
        volatile long firstNext;
        volatile long firstAnswer;
        volatile long secondNext;
        volatile long secondAnswer;

        RuntimeApi(String event) throws IOException {
            this.event = event;
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.setExecutor(Executors.newCachedThreadPool(r -> {
                Thread t = new Thread(r, "runtime-api");
                t.setDaemon(true);
                return t;
            }));
            server.createContext(BASE + "/invocation/next", this::next);
            server.createContext(BASE + "/invocation/", this::answer);
            server.createContext(BASE + "/init/error", exchange -> fail("init error: " + body(exchange), exchange));
            server.start();
        }

        int port() {
            return server.getAddress().getPort();
        }

        void watch(long pid) {
            this.pid = pid;
        }

        /** The JVM's pid: the process started, or under COLDSTART_WRAPPER the wrapper's child. */
        private long jvm() {
            if (System.getenv("COLDSTART_WRAPPER") == null) {
                return pid;
            }
            try {
                String children = Files.readString(Path.of("/proc", Long.toString(pid), "task", Long.toString(pid), "children")).trim();
                return children.isEmpty() ? pid : Long.parseLong(children.split(" ")[0]);
            } catch (IOException | RuntimeException e) {
                return pid;
            }
        }

        private void next(HttpExchange exchange) throws IOException {
            long now = System.nanoTime();
            int n;
            synchronized (this) {
                n = ++handedOut;
            }
            if (n > 2) {
                return; // held open: the instance waits for work, as a warm one does
            }
            if (n == 1) {
                firstNext = now;
                atInit = Probe.of(jvm());
                if (System.getenv("COLDSTART_THREADS") != null) {
                    System.out.println("    CPU by thread at the end of init: " + Probe.byThread(jvm()));
                }
            } else {
                secondNext = now;
            }
            byte[] body = event.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Lambda-Runtime-Aws-Request-Id", UUID.randomUUID().toString());
            exchange.getResponseHeaders().add("Lambda-Runtime-Deadline-Ms", Long.toString(System.currentTimeMillis() + 900_000));
            exchange.getResponseHeaders().add("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:us-east-1:123456789012:function:coldstart");
            exchange.getResponseHeaders().add("Lambda-Runtime-Trace-Id", "Root=1-00000000-000000000000000000000000;Sampled=0");
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        }

        private void answer(HttpExchange exchange) throws IOException {
            long now = System.nanoTime();
            String path = exchange.getRequestURI().getPath();
            String body = body(exchange);
            if (path.endsWith("/error")) {
                fail("invocation error: " + body, exchange);
                return;
            }
            answers.add(body);
            if (answers.size() == 1) {
                firstAnswer = now;
                atFirstAnswer = Probe.of(jvm());
            } else {
                secondAnswer = now;
                done.countDown();
            }
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
        }

        private void fail(String failure, HttpExchange exchange) throws IOException {
            failures.add(failure);
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
            done.countDown();
        }

        private static String body(HttpExchange exchange) throws IOException {
            try (InputStream in = exchange.getRequestBody()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }

        void await(long seconds, Process process) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (!done.await(200, TimeUnit.MILLISECONDS)) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("the function's process ended (exit code " + process.exitValue() + ")");
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("no two answers within " + seconds + " s");
                }
            }
            if (!failures.isEmpty()) {
                throw new IllegalStateException(failures.peek());
            }
        }

        void stop() {
            server.stop(0);
        }
    }

    /**
     * What a function's process has spent so far, read from outside while it waits for the Runtime API: CPU time
     * of all its threads ({@code /proc/<pid>/stat}, 10 ms ticks) and the classes its JVM has loaded (the JVM's own
     * counter in its performance data file, {@code /tmp/hsperfdata_<user>/<pid>}, which costs the process nothing).
     * Both hold under load, where wall times do not.
     */
    record Probe(long cpuMs, long classes) {
        static final Probe NONE = new Probe(0, 0);

        static Probe of(long pid) {
            return new Probe(cpuMs(pid), PerfData.loadedClasses(pid));
        }

        /** CPU ms per thread name (threads of one name summed), most first: where a process's CPU went. */
        static String byThread(long pid) {
            Map<String, Long> byName = new LinkedHashMap<>();
            try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
                for (Path task : tasks.toList()) {
                    String name = Files.readString(task.resolve("comm")).trim().replaceAll("\\d+$", "#");
                    byName.merge(name, cpuMs(task.resolve("stat")), Long::sum);
                }
            } catch (IOException e) {
                return e.toString();
            }
            return byName.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                    .filter(e -> e.getValue() > 0).map(e -> e.getKey() + " " + e.getValue()).toList().toString();
        }

        private static long cpuMs(long pid) {
            return cpuMs(Path.of("/proc", Long.toString(pid), "stat"));
        }

        private static long cpuMs(Path statFile) {
            try {
                String stat = Files.readString(statFile);
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                // utime and stime are fields 14 and 15 of stat(5), i.e. 11 and 12 after the command name.
                return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10;
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }
    }
}
