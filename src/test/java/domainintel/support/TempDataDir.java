package domainintel.support;

import io.micronaut.test.support.TestPropertyProvider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;

/**
 * Gives a test class its own fresh {@code DATA_DIR} (DynamoDB Local files, H2, ...), the admin
 * token, and a random port, so test classes never share state.
 */
public interface TempDataDir extends TestPropertyProvider {
    @Override
    default Map<String, String> getProperties() {
        return defaults();
    }

    /** The defaults with {@code extra} on top, for a test class that needs a few settings of its own. */
    default Map<String, String> withProperties(Map<String, String> extra) {
        Map<String, String> properties = new HashMap<>(defaults());
        properties.putAll(extra);
        return properties;
    }

    private static Map<String, String> defaults() {
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
