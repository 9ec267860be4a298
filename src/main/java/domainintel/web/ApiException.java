package domainintel.web;

import java.util.Map;

/** A failure with a contract error code; mapped to the JSON error envelope in one place. */
public class ApiException extends RuntimeException {
    private final ErrorCode code;
    private final transient Map<String, Object> details;

    public ApiException(ErrorCode code, String message) {
        this(code, message, null);
    }

    public ApiException(ErrorCode code, String message, Map<String, Object> details) {
        super(message, null, false, false);
        this.code = code;
        this.details = details;
    }

    public static ApiException invalidRequest(String message) {
        return new ApiException(ErrorCode.INVALID_REQUEST, message);
    }

    public ErrorCode code() {
        return code;
    }

    public Map<String, Object> details() {
        return details;
    }
}
