package domainintel.access;

import domainintel.aws.SecretValues;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

/**
 * The operators' token: {@code ADMIN_TOKEN} locally, or on AWS the Secrets Manager secret named by
 * {@code ADMIN_TOKEN_SECRET_ARN}, read when an admin request first needs it (so never at init, never
 * in the SnapStart snapshot before a restore needs it) and re-read after the cache period (rotation).
 */
@Singleton
public class AdminToken {
    private final SecretValues secrets;
    private final String plain;
    private final String secretId;

    public AdminToken(SecretValues secrets,
                      @Property(name = "admin.token") @Nullable String plain,
                      @Property(name = "admin.token-secret") @Nullable String secretId) {
        this.secrets = secrets;
        this.plain = plain;
        this.secretId = secretId;
    }

    /** The SHA-256 of the current token, or null when no token is configured (the admin API is off). */
    @Nullable
    public byte[] hash() {
        String token = secrets.resolve(plain, secretId);
        return token == null || token.isBlank() ? null : ApiKeySecrets.sha256(token);
    }
}
