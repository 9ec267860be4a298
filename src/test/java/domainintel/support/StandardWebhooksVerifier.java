package domainintel.support;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;

/**
 * Verifies a Standard Webhooks signature without the product's signer and without {@code javax.crypto}:
 * HMAC-SHA256 written out from RFC 2104 over plain SHA-256, so a shared mistake cannot make a bad
 * signature pass. {@code webhook-signature} may carry several space-separated {@code v1,<base64>}.
 */
public final class StandardWebhooksVerifier {
    private static final int BLOCK = 64;

    private final byte[] key;

    public StandardWebhooksVerifier(String secret) {
        if (!secret.startsWith("whsec_")) {
            throw new IllegalArgumentException("not a Standard Webhooks secret");
        }
        this.key = Base64.getDecoder().decode(secret.substring("whsec_".length()));
    }

    public boolean verifies(WebhookReceiver.Received received) {
        if (received.webhookId() == null || received.timestamp() == null || received.signature() == null) {
            return false;
        }
        byte[] expected = hmacSha256(key, (received.webhookId() + "." + received.timestamp() + "." + received.body())
                .getBytes(StandardCharsets.UTF_8));
        for (String candidate : received.signature().split(" ")) {
            if (candidate.startsWith("v1,")
                    && MessageDigest.isEqual(expected, Base64.getDecoder().decode(candidate.substring(3)))) {
                return true;
            }
        }
        return false;
    }

    static byte[] hmacSha256(byte[] key, byte[] message) {
        byte[] block = key.length > BLOCK ? sha256(key) : key;
        block = Arrays.copyOf(block, BLOCK);
        byte[] inner = new byte[BLOCK + message.length];
        byte[] outer = new byte[BLOCK + 32];
        for (int i = 0; i < BLOCK; i++) {
            inner[i] = (byte) (block[i] ^ 0x36);
            outer[i] = (byte) (block[i] ^ 0x5c);
        }
        System.arraycopy(message, 0, inner, BLOCK, message.length);
        System.arraycopy(sha256(inner), 0, outer, BLOCK, 32);
        return sha256(outer);
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
