package domainintel;

import io.micronaut.context.annotation.Property;
import jakarta.inject.Singleton;

import java.nio.file.Path;

/** The directory that holds local state ({@code data-dir}, {@code DATA_DIR}): embedded stores, key files. */
@Singleton
public class DataDir {
    private final Path path;

    public DataDir(@Property(name = "data-dir") String path) {
        this.path = Path.of(path).toAbsolutePath();
    }

    public Path path() {
        return path;
    }
}
