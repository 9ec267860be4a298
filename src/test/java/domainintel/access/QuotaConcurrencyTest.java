package domainintel.access;

import domainintel.aws.AwsEndpoints;
import domainintel.support.Api;
import domainintel.support.TempDataDir;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With R requests left, N > R parallel requests admit exactly R: within one server, and across two
 * server processes sharing one DynamoDB (the second is a separate JVM pointed at this one's store).
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QuotaConcurrencyTest implements TempDataDir {
    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    ApiKeyRepository keys;
    @Inject
    AwsEndpoints endpoints;

    /** Uses up all but {@code left} of the key's day, straight through the counter. */
    private void leave(String key, int left, int quota) {
        String hash = ApiKeySecrets.sha256Hex(key);
        for (int i = 0; i < quota - left; i++) {
            keys.admit(hash, Tier.SOVEREIGN, Instant.now());
        }
    }

    private static int[] fire(List<Api> servers, String key, int requests) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(32);
        try {
            List<Future<Integer>> statuses = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                Api target = servers.get(i % servers.size());
                statuses.add(pool.submit(() -> target.get("/api/v1/domains?perPage=1", key).status()));
            }
            int ok = 0, refused = 0;
            for (Future<Integer> status : statuses) {
                int s = status.get(60, TimeUnit.SECONDS);
                if (s == 200) {
                    ok++;
                } else if (s == 429) {
                    refused++;
                }
            }
            return new int[]{ok, refused};
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void parallelRequestsInOneProcessAdmitExactlyWhatIsLeft() throws Exception {
        Api api = new Api(server.getURI(), json);
        String key = api.createKey("sovereign", null);
        leave(key, 20, 500);
        int[] result = fire(List.of(api), key, 64);
        assertEquals(20, result[0], "admitted");
        assertEquals(44, result[1], "refused with 429");
    }

    @Test
    void parallelRequestsAcrossTwoProcessesAdmitExactlyWhatIsLeft() throws Exception {
        Api api = new Api(server.getURI(), json);
        String key = api.createKey("sovereign", null);
        leave(key, 30, 500);
        int port = freePort();
        ProcessBuilder builder = new ProcessBuilder(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), "domainintel.Application");
        builder.environment().put("MICRONAUT_SERVER_PORT", Integer.toString(port));
        builder.environment().put("DATA_DIR", Files.createTempDirectory("second-server").toString());
        builder.environment().put("DYNAMODB_ENDPOINT", endpoints.dynamoDb().toString());
        builder.environment().put("CATALOGUE_DEMO", "false");
        builder.redirectErrorStream(true).redirectOutput(Files.createTempFile("second-server", ".log").toFile());
        Process second = builder.start();
        try {
            Api other = new Api(URI.create("http://127.0.0.1:" + port), json);
            awaitHealthy(other, second);

            int[] result = fire(List.of(api, other), key, 80);
            assertEquals(30, result[0], "admitted across both processes");
            assertEquals(50, result[1], "refused with 429");
        } finally {
            second.destroy();
            second.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static void awaitHealthy(Api api, Process process) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            assertTrue(process.isAlive(), "second server exited");
            try {
                if (api.get("/health", null).status() == 200) {
                    return;
                }
            } catch (RuntimeException notYet) {
                // still starting
            }
            Thread.sleep(200);
        }
        throw new AssertionError("second server did not start");
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
