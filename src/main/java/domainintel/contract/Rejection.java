package domainintel.contract;

import java.util.Map;

/**
 * A request the domain refuses, with the contract's error code and a message for the caller. It
 * knows nothing of HTTP: the web layer maps the code to a status and the JSON error envelope, the
 * CSV import turns it into a rejected row, the alert worker into a refused delivery.
 */
public class Rejection extends RuntimeException {
    private final ErrorCode code;
    private final transient Map<String, Object> details;

    public Rejection(ErrorCode code, String message) {
        this(code, message, null);
    }

    public Rejection(ErrorCode code, String message, Map<String, Object> details) {
        super(message, null, false, false);
        this.code = code;
        this.details = details;
    }

    public static Rejection invalidRequest(String message) {
        return new Rejection(ErrorCode.INVALID_REQUEST, message);
    }

    public ErrorCode code() {
        return code;
    }

    public Map<String, Object> details() {
        return details;
    }
}
