package domainintel.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * Making and recognising API keys: {@code di_live_} + 40 base62 characters from SecureRandom
 * (~238 bits). Only the SHA-256 of a key is ever stored; {@code start} is a short display prefix.
 */
public final class ApiKeySecrets {
    public static final String PREFIX = "di_live_";
    private static final int SECRET_LENGTH = 40;
    private static final int START_LENGTH = PREFIX.length() + 4;
    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final Pattern WELL_FORMED = Pattern.compile(Pattern.quote(PREFIX) + "[0-9A-Za-z]{32,128}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeySecrets() {
    }

    public static String newKey() {
        return PREFIX + randomBase62(SECRET_LENGTH);
    }

    public static String randomBase62(int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append(BASE62.charAt(RANDOM.nextInt(BASE62.length())));
        }
        return sb.toString();
    }

    /** Cheap shape check, so malformed tokens are refused without a store round trip. */
    public static boolean isWellFormed(String key) {
        return WELL_FORMED.matcher(key).matches();
    }

    public static String start(String key) {
        return key.substring(0, START_LENGTH);
    }

    public static String sha256Hex(String value) {
        return HexFormat.of().formatHex(sha256(value));
    }

    public static byte[] sha256(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every JVM", e);
        }
    }
}
