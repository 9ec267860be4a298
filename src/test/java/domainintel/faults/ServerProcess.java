package domainintel.faults;

import domainintel.support.Api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The server as its own process ({@code java -cp <test classpath> domainintel.Application}) on a
 * given DATA_DIR, so a test can kill it with SIGKILL (no shutdown hook, no flush) and start another
 * on the same files. Its output goes to {@code DATA_DIR/../server-N.log}.
 */
final class ServerProcess implements AutoCloseable {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final Process process;
    private final URI base;

    private ServerProcess(Process process, URI base) {
        this.process = process;
        this.base = base;
    }

    /** Starts that failed and were tried again (see {@link #start}). */
    static final java.util.concurrent.atomic.AtomicInteger FAILED_STARTS = new java.util.concurrent.atomic.AtomicInteger();

    /**
     * Starts a server; a start that fails (on an overloaded machine, the first DynamoDB Local call after
     * a kill can outlast the client's 8 s timeout) is counted and tried once more on the same files.
     */
    static ServerProcess start(Path dataDir, Map<String, String> environment, int run) throws IOException {
        try {
            return startOnce(dataDir, environment, run);
        } catch (IllegalStateException failedToStart) {
            FAILED_STARTS.incrementAndGet();
            return startOnce(dataDir, environment, run + 1000);
        }
    }

    private static ServerProcess startOnce(Path dataDir, Map<String, String> environment, int run) throws IOException {
        int port = freePort();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx768m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), "domainintel.Application"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dataDir.resolveSibling(dataDir.getFileName() + "-server-" + run + ".log").toFile());
        builder.environment().putAll(Map.of(
                "DATA_DIR", dataDir.toString(),
                "ADMIN_TOKEN", Api.ADMIN_TOKEN,
                "MICRONAUT_SERVER_PORT", Integer.toString(port),
                "VALUATION_PRELOAD", "false",
                "MARKET_BOOTSTRAP", "off",
                "CATALOGUE_DEMO", "false",
                "WEBHOOKS_ALLOW_PRIVATE_TARGETS", "true"));
        builder.environment().putAll(environment);
        ServerProcess server = new ServerProcess(builder.start(), URI.create("http://127.0.0.1:" + port));
        server.awaitHealthy();
        return server;
    }

    URI base() {
        return base;
    }

    private void awaitHealthy() {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(120));
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server process exited with " + process.exitValue());
            }
            try {
                var reply = HTTP.send(HttpRequest.newBuilder(base.resolve("/health")).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.discarding());
                if (reply.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        kill();
        throw new IllegalStateException("the server did not become healthy within 120 s");
    }

    /** SIGKILL: the process gets no chance to flush or close anything. */
    void kill() {
        process.destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A normal stop (SIGTERM: shutdown hooks run). */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                kill();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
