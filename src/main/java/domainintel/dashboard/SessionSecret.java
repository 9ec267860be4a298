package domainintel.dashboard;

import domainintel.DataDir;
import domainintel.aws.SecretValues;
import domainintel.local.LocalKeyFile;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;

/**
 * The one secret behind the dashboard's session (JWT) and CSRF signatures:
 * {@code dashboard.session-secret} (base64, at least 32 bytes), or on AWS the Secrets Manager secret
 * {@code dashboard.session-secret-secret} names (read once, when the dashboard's signing is set up),
 * or locally, when neither is set, a key file under DATA_DIR, so a restart keeps people signed in.
 */
@Singleton
public class SessionSecret {
    private static final String KEY_FILE = "dashboard-session.key";
    private static final int MIN_BYTES = 32;

    private final byte[] secret;

    public SessionSecret(SecretValues secrets, DataDir dataDir,
                         @Property(name = "dashboard.session-secret") @Nullable String configured,
                         @Property(name = "dashboard.session-secret-secret") @Nullable String secretId) {
        String given = secrets.resolve(configured, secretId);
        this.secret = given != null
                ? Base64.getDecoder().decode(given.trim())
                : LocalKeyFile.read(dataDir.path(), KEY_FILE, MIN_BYTES);
        if (secret.length < MIN_BYTES) {
            throw new IllegalStateException("dashboard.session-secret must be base64 of at least " + MIN_BYTES + " bytes");
        }
    }

    /** A key of its own for each purpose (base64), so a token of one kind never passes for another. */
    String derive(String purpose) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return Base64.getEncoder().encodeToString(mac.doFinal(purpose.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is required by every JVM", e);
        }
    }
}
