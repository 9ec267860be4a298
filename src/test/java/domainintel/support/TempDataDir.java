package domainintel.support;

import io.micronaut.test.support.TestPropertyProvider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Map;

/**
 * Gives a test class its own fresh {@code DATA_DIR} (DynamoDB Local files, H2, ...), the admin
 * token, and a random port, so test classes never share state.
 */
public interface TempDataDir extends TestPropertyProvider {
    @Override
    default Map<String, String> getProperties() {
        try {
            return Map.of(
                    "data-dir", Files.createTempDirectory("domainintel-test").toString(),
                    "admin.token", Api.ADMIN_TOKEN,
                    "micronaut.server.port", "-1");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
