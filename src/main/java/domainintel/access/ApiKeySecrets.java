package domainintel.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Making and recognising API keys: {@code di_live_}, then the 16 characters of the key's account id
 * (so the request path knows, from the key alone, which account's item counts the request), then 40
 * base62 characters from SecureRandom (~238 bits, the secret part). Only the SHA-256 of a key is
 * ever stored; {@code start} is a short display prefix.
 */
public final class ApiKeySecrets {
    public static final String PREFIX = "di_live_";
    private static final int SECRET_LENGTH = 40;
    private static final String ACCOUNT_PREFIX = "acc_";
    private static final int ACCOUNT_LENGTH = 16;
    private static final Pattern ACCOUNT_ID = Pattern.compile(ACCOUNT_PREFIX + "[0-9A-Za-z]{" + ACCOUNT_LENGTH + "}");
    /** The prefix, the account, and 4 characters of the secret: tells an account's keys apart. */
    private static final int START_LENGTH = PREFIX.length() + ACCOUNT_LENGTH + 4;
    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final Pattern WELL_FORMED = Pattern.compile(Pattern.quote(PREFIX) + "[0-9A-Za-z]{32,128}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeySecrets() {
    }

    public static String newAccountId() {
        return ACCOUNT_PREFIX + randomBase62(ACCOUNT_LENGTH);
    }

    public static boolean isAccountId(String id) {
        return id != null && ACCOUNT_ID.matcher(id).matches();
    }

    /** A new key of the account {@code accountId} (as made by {@link #newAccountId()}). */
    public static String newKey(String accountId) {
        if (!isAccountId(accountId)) {
            throw new IllegalArgumentException("not an account id");
        }
        return PREFIX + accountId.substring(ACCOUNT_PREFIX.length()) + randomBase62(SECRET_LENGTH);
    }

    /** The account a well-formed key belongs to; empty for keys of another shape (which no account has). */
    public static Optional<String> accountOf(String key) {
        if (key.length() != PREFIX.length() + ACCOUNT_LENGTH + SECRET_LENGTH) {
            return Optional.empty();
        }
        return Optional.of(ACCOUNT_PREFIX + key.substring(PREFIX.length(), PREFIX.length() + ACCOUNT_LENGTH));
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
