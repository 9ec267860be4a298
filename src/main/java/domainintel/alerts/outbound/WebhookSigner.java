package domainintel.alerts.outbound;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Standard Webhooks signing: {@code v1,} + base64 HMAC-SHA256 of {@code "<id>.<timestamp>.<body>"},
 * keyed with the base64-decoded part of the {@code whsec_} secret, so any Standard Webhooks (or Svix)
 * library verifies what we send.
 */
public final class WebhookSigner {
    public static final String SECRET_PREFIX = "whsec_";
    private static final SecureRandom RANDOM = new SecureRandom();

    private WebhookSigner() {
    }

    /** {@code whsec_} + base64 of 32 random bytes. */
    public static String newSecret() {
        byte[] key = new byte[32];
        RANDOM.nextBytes(key);
        return SECRET_PREFIX + Base64.getEncoder().encodeToString(key);
    }

    public static String sign(String secret, String messageId, long timestampSeconds, byte[] body) {
        String encoded = secret.startsWith(SECRET_PREFIX) ? secret.substring(SECRET_PREFIX.length()) : secret;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(encoded), "HmacSHA256"));
            mac.update((messageId + "." + timestampSeconds + ".").getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
