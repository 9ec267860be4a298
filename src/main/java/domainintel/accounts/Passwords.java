package domainintel.accounts;

import jakarta.inject.Singleton;
import org.springframework.security.crypto.bcrypt.BCrypt;

import java.nio.charset.StandardCharsets;

/**
 * Password hashing with BCrypt (Spring Security's implementation): salted, and slow on purpose
 * (cost 10, 2^10 rounds, tens of milliseconds per guess). BCrypt reads at most 72 bytes, so longer
 * passwords are refused rather than silently cut.
 */
@Singleton
public class Passwords {
    public static final int MIN_LENGTH = 10;
    public static final int MAX_BYTES = 72;
    private static final int COST = 10;
    /** Checked against when the email is unknown, so a miss takes as long as a wrong password. */
    private static final String DECOY = BCrypt.hashpw("decoy-password", BCrypt.gensalt(COST));

    /** Why this password cannot be used, or null when it can. */
    public String problem(String password) {
        if (password == null || password.codePointCount(0, password.length()) < MIN_LENGTH) {
            return "Use at least " + MIN_LENGTH + " characters.";
        }
        if (password.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
            return "Use at most " + MAX_BYTES + " bytes (BCrypt reads no further).";
        }
        return null;
    }

    public String hash(String password) {
        return BCrypt.hashpw(password, BCrypt.gensalt(COST));
    }

    /** Constant work whether or not there is a hash to check against. */
    public boolean matches(String password, String hashOrNull) {
        if (password == null || password.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
            BCrypt.checkpw("x", DECOY);
            return false;
        }
        boolean ok = BCrypt.checkpw(password, hashOrNull != null ? hashOrNull : DECOY);
        return ok && hashOrNull != null;
    }
}
