package domainintel.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * A random key kept in a file under DATA_DIR, for the secrets that AWS gets from the template but a
 * local run must not ask for (webhook sealing, dashboard session signing). Created once with
 * owner-only permissions; a second process sharing the directory reads the first one's key.
 */
public final class LocalKeyFile {
    private static final SecureRandom RANDOM = new SecureRandom();

    private LocalKeyFile() {
    }

    /** The {@code bytes}-long key in {@code dataDir/name}, created on first use. */
    public static synchronized byte[] read(Path dataDir, String name, int bytes) {
        Path file = dataDir.resolve(name);
        try {
            if (!Files.exists(file)) {
                Files.createDirectories(dataDir);
                byte[] raw = new byte[bytes];
                RANDOM.nextBytes(raw);
                Path tmp = Files.createTempFile(dataDir, name, ".tmp");
                try {
                    Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
                } catch (UnsupportedOperationException notPosix) {
                    // Windows: the data directory's own ACL applies.
                }
                Files.writeString(tmp, Base64.getEncoder().encodeToString(raw), StandardOpenOption.TRUNCATE_EXISTING);
                try {
                    Files.move(tmp, file); // never replaces: a second process keeps the first key
                } catch (IOException raced) {
                    Files.deleteIfExists(tmp);
                }
            }
            return Base64.getDecoder().decode(Files.readString(file).trim());
        } catch (IOException e) {
            throw new UncheckedIOException("could not read or create " + file, e);
        }
    }
}
