package domainintel.access;

import domainintel.accounts.Account;
import domainintel.accounts.Accounts;
import domainintel.aws.AwsEndpoints;
import domainintel.support.Api;
import domainintel.support.TempDataDir;
import domainintel.support.UtcDay;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
    @Inject
    Accounts accounts;
    @Inject
    AccountKeys accountKeys;

    /** Uses up all but {@code left} of the key's day, straight through the counter. */
    private void leave(String key, int left, int quota) throws InterruptedException {
        // The requests that follow must count on the same UTC day as these.
        UtcDay.atLeastLeft(Duration.ofMinutes(2));
        String hash = ApiKeySecrets.sha256Hex(key);
        String account = ApiKeySecrets.accountOf(key).orElseThrow();
        for (int i = 0; i < quota - left; i++) {
            keys.admit(account, hash, Tier.SOVEREIGN, Instant.now()).toCompletableFuture().join();
        }
    }

    private static int[] fire(List<Api> servers, String key, int requests) throws Exception {
        return fire(servers, List.of(key), requests);
    }

    /** Requests spread over the servers and the keys in turn: how many were admitted, how many refused with 429. */
    private static int[] fire(List<Api> servers, List<String> keys, int requests) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(32);
        try {
            List<Future<Integer>> statuses = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                Api target = servers.get(i % servers.size());
                String key = keys.get(i % keys.size());
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

    /** The quota is the account's: its keys draw on one count, so more keys do not mean more requests. */
    @Test
    void twoKeysOfOneAccountShareItsLimitExactly() throws Exception {
        Api api = new Api(server.getURI(), json);
        Account account = accounts.create("shared-" + UUID.randomUUID() + "@example.com", "not-a-real-hash", Instant.now()).orElseThrow();
        String first = accountKeys.create(account, "first").secret();
        String second = accountKeys.create(account, "second").secret();
        leave(first, 20, 500);
        var reply = api.get("/api/v1/domains?perPage=1", second);
        assertEquals(19, reply.remaining(), "the second key reports the account's remaining quota");
        assertTrue(reply.header("RateLimit").startsWith("\"daily\";r=19;"), reply.header("RateLimit"));
        int[] result = fire(List.of(api), List.of(first, second), 64);
        assertEquals(19, result[0], "admitted over both keys");
        assertEquals(45, result[1], "refused with 429");
    }

    @Test
    void parallelRequestsAcrossTwoProcessesAdmitExactlyWhatIsLeft() throws Exception {
        Api api = new Api(server.getURI(), json);
        String key = api.createKey("sovereign", null);
        ProcessBuilder builder = new ProcessBuilder(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), "domainintel.Application");
        // A port of its own choosing, read from its log: a port picked here could be taken before it binds.
        builder.environment().put("MICRONAUT_SERVER_PORT", "-1");
        builder.environment().put("DATA_DIR", Files.createTempDirectory("second-server").toString());
        builder.environment().put("DYNAMODB_ENDPOINT", endpoints.dynamoDb().toString());
        builder.environment().put("CATALOGUE_DEMO", "false");
        Path log = Files.createTempFile("second-server", ".log");
        builder.redirectErrorStream(true).redirectOutput(log.toFile());
        Process second = builder.start();
        try {
            Api other = new Api(awaitServing(log, second), json);
            awaitHealthy(other, second);
            // After the start-up, however long it took: the quota day is checked just before the requests.
            leave(key, 30, 500);

            int[] result = fire(List.of(api, other), key, 80);
            assertEquals(30, result[0], "admitted across both processes");
            assertEquals(50, result[1], "refused with 429");
        } finally {
            second.destroy();
            second.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** Where the second server listens, from the line it logs once it does ("... Server Running: http://localhost:PORT"). */
    private static URI awaitServing(Path log, Process process) throws IOException, InterruptedException {
        Pattern running = Pattern.compile("Server Running: http://[^:\\s]+:(\\d+)\\s"); // whole line written
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            Matcher m = running.matcher(Files.readString(log));
            if (m.find()) {
                return URI.create("http://127.0.0.1:" + m.group(1));
            }
            assertTrue(process.isAlive(), "second server exited: " + Files.readString(log));
            Thread.sleep(200);
        }
        throw new AssertionError("second server did not start: " + Files.readString(log));
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
}
