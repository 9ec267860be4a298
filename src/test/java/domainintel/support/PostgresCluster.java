package domainintel.support;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway PostgreSQL cluster for the tests, from the PostgreSQL server binaries installed on the
 * machine: initdb into a temp dir, started on a free loopback port, stopped at JVM exit. Run as the
 * {@code postgres} user when the tests run as root (PostgreSQL refuses root). Absent binaries mean
 * no cluster, and the PostgreSQL tests are skipped with that reason.
 */
public final class PostgresCluster {
    private static final Path BIN = Path.of(System.getenv().getOrDefault("POSTGRES_BIN", "/usr/lib/postgresql/15/bin"));
    private static String jdbcUrl;
    private static String unavailable;

    private PostgresCluster() {
    }

    /** The JDBC URL of the running cluster, started on first use; empty if it cannot run here. */
    public static synchronized Optional<String> jdbcUrl() {
        if (jdbcUrl == null && unavailable == null) {
            try {
                jdbcUrl = start();
            } catch (Exception e) {
                unavailable = e.getMessage();
            }
        }
        return Optional.ofNullable(jdbcUrl);
    }

    /**
     * The JDBC URL of a database of its own in the running cluster, created on first use, for a test
     * class whose data must not meet another's; empty if the cluster cannot run here.
     */
    public static synchronized Optional<String> jdbcUrl(String database) {
        if (!database.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException("database name: " + database);
        }
        return jdbcUrl().map(url -> {
            try (var connection = java.sql.DriverManager.getConnection(url, "postgres", "");
                 var statement = connection.createStatement()) {
                var exists = statement.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + database + "'");
                if (!exists.next()) {
                    statement.execute("CREATE DATABASE " + database);
                }
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException("cannot create database " + database, e);
            }
            return url.substring(0, url.lastIndexOf('/') + 1) + database;
        });
    }

    /**
     * Datasource properties pointing a test context at {@code url} (from {@link #jdbcUrl}). Without
     * a cluster the test is skipped, or fails when {@code REQUIRE_POSTGRES=true} (as in CI).
     */
    public static Map<String, String> datasourceProperties(Optional<String> url) {
        if (url.isEmpty() && "true".equals(System.getenv("REQUIRE_POSTGRES"))) {
            throw new IllegalStateException("REQUIRE_POSTGRES is set but PostgreSQL is unavailable: " + whyUnavailable());
        }
        Assumptions.assumeTrue(url.isPresent(), () -> "PostgreSQL unavailable: " + whyUnavailable());
        return Map.of("datasources.default.url", url.get(),
                "datasources.default.username", "postgres",
                "datasources.default.password", "",
                "datasources.default.driver-class-name", "org.postgresql.Driver");
    }

    public static String whyUnavailable() {
        return unavailable;
    }

    private static String start() throws IOException, InterruptedException {
        if (!Files.isExecutable(BIN.resolve("initdb"))) {
            throw new IllegalStateException("no PostgreSQL binaries at " + BIN);
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        Path dir = Files.createTempDirectory("domainintel-pg");
        if (root) {
            run(List.of("chown", "postgres", dir.toString()), false);
        }
        Path data = dir.resolve("data");
        run(List.of(BIN.resolve("initdb").toString(), "-D", data.toString(), "-U", "postgres", "-A", "trust", "--no-sync"), root);
        // The free port found here may be taken before the server binds it: then it fails to start, and another is tried.
        int port = 0;
        for (int attempt = 1; port == 0; attempt++) {
            int candidate;
            try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                candidate = socket.getLocalPort();
            }
            try {
                run(List.of(BIN.resolve("pg_ctl").toString(), "-D", data.toString(), "-w", "-l", dir.resolve("log").toString(),
                        "-o", "-h 127.0.0.1 -p " + candidate + " -k " + dir + " -F", "start"), root);
                port = candidate;
            } catch (IllegalStateException notStarted) {
                if (attempt == 3) {
                    throw notStarted;
                }
            }
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                run(List.of(BIN.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", "immediate", "stop"), root);
            } catch (Exception ignored) {
                // The JVM is exiting; the temp cluster dies with the machine's temp dir.
            }
        }));
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    private static void run(List<String> command, boolean asPostgres) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>();
        if (asPostgres) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(command);
        Process p = new ProcessBuilder(full).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
        }
    }
}
