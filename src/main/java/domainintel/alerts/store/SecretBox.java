package domainintel.alerts.store;

import domainintel.DataDir;
import domainintel.aws.SecretValues;
import domainintel.local.LocalKeyFile;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Seals webhook signing secrets at rest with AES-256-GCM, so the webhooks table alone (a backup, a
 * scan, a stray export) does not reveal them. The key is {@code webhooks.secret-key} (base64 of 32
 * bytes), on AWS the Secrets Manager secret named by {@code webhooks.secret-key-secret}, or, locally
 * when neither is set, a key file created under DATA_DIR
 * with owner-only permissions. The secret must stay recoverable because signing needs it (a hash
 * would not do); KMS would keep the key out of the process and is the next step on AWS.
 */
@Singleton
public class SecretBox {
    private static final String KEY_FILE = "webhook-secrets.key";
    private static final int NONCE_BYTES = 12;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretValues secrets;
    private final String configuredKey;
    private final String keySecretId;
    private final Path dataDir;
    private volatile SecretKeySpec key;

    public SecretBox(SecretValues secrets, DataDir dataDir,
                     @Property(name = "webhooks.secret-key") @Nullable String configuredKey,
                     @Property(name = "webhooks.secret-key-secret") @Nullable String keySecretId) {
        this.secrets = secrets;
        this.configuredKey = configuredKey;
        this.keySecretId = keySecretId;
        this.dataDir = dataDir.path();
    }

    /** Loaded on first use: functions that never seal or open (the relay) need no key at all. */
    private SecretKeySpec key() {
        if (key == null) {
            String given = secrets.resolve(configuredKey, keySecretId);
            byte[] raw = given != null ? Base64.getDecoder().decode(given.trim()) : LocalKeyFile.read(dataDir, KEY_FILE, 32);
            if (raw.length != 32) {
                throw new IllegalStateException("webhooks.secret-key must be base64 of exactly 32 bytes");
            }
            key = new SecretKeySpec(raw, "AES");
        }
        return key;
    }

    public String seal(String secret) {
        try {
            byte[] nonce = new byte[NONCE_BYTES];
            RANDOM.nextBytes(nonce);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key(), new GCMParameterSpec(128, nonce));
            byte[] sealed = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
            byte[] out = new byte[NONCE_BYTES + sealed.length];
            System.arraycopy(nonce, 0, out, 0, NONCE_BYTES);
            System.arraycopy(sealed, 0, out, NONCE_BYTES, sealed.length);
            return Base64.getEncoder().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("could not seal a webhook secret", e);
        }
    }

    public String open(String sealed) {
        try {
            byte[] in = Base64.getDecoder().decode(sealed);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key(), new GCMParameterSpec(128, in, 0, NONCE_BYTES));
            return new String(cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("could not open a webhook secret (wrong webhooks.secret-key?)", e);
        }
    }
}
