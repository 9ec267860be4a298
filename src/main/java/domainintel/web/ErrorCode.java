package domainintel.web;

import io.micronaut.http.HttpStatus;

/** The contract's error codes (docs/API.md), each with the one HTTP status it is sent with. */
public enum ErrorCode {
    INVALID_REQUEST(HttpStatus.BAD_REQUEST),
    INVALID_DOMAIN(HttpStatus.BAD_REQUEST),
    INVALID_WEBHOOK_URL(HttpStatus.BAD_REQUEST),
    MISSING_API_KEY(HttpStatus.UNAUTHORIZED),
    INVALID_API_KEY(HttpStatus.UNAUTHORIZED),
    REVOKED_API_KEY(HttpStatus.UNAUTHORIZED),
    INSUFFICIENT_TIER(HttpStatus.FORBIDDEN),
    ORIGIN_NOT_ALLOWED(HttpStatus.FORBIDDEN),
    NOT_FOUND(HttpStatus.NOT_FOUND),
    DOMAIN_NOT_FOUND(HttpStatus.NOT_FOUND),
    WEBHOOK_NOT_FOUND(HttpStatus.NOT_FOUND),
    METHOD_NOT_ALLOWED(HttpStatus.METHOD_NOT_ALLOWED),
    PAYLOAD_TOO_LARGE(HttpStatus.REQUEST_ENTITY_TOO_LARGE),
    URI_TOO_LONG(HttpStatus.REQUEST_URI_TOO_LONG),
    UNSUPPORTED_MEDIA_TYPE(HttpStatus.UNSUPPORTED_MEDIA_TYPE),
    BATCH_TOO_LARGE(HttpStatus.UNPROCESSABLE_ENTITY),
    QUOTA_EXCEEDED(HttpStatus.TOO_MANY_REQUESTS),
    TOO_MANY_ATTEMPTS(HttpStatus.TOO_MANY_REQUESTS),
    HEADERS_TOO_LARGE(HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE),
    INTERNAL_ERROR(HttpStatus.INTERNAL_SERVER_ERROR),
    SERVICE_UNAVAILABLE(HttpStatus.SERVICE_UNAVAILABLE);

    private final HttpStatus status;

    ErrorCode(HttpStatus status) {
        this.status = status;
    }

    public HttpStatus status() {
        return status;
    }

    /** The wire form, e.g. {@code quota_exceeded}. */
    public String code() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The code a framework-produced error of this status maps to (routing, body parsing, size limits). */
    public static ErrorCode forStatus(int status) {
        return switch (status) {
            case 400 -> INVALID_REQUEST;
            case 401 -> MISSING_API_KEY;
            case 404 -> NOT_FOUND;
            case 405 -> METHOD_NOT_ALLOWED;
            case 413 -> PAYLOAD_TOO_LARGE;
            case 414 -> URI_TOO_LONG;
            case 415 -> UNSUPPORTED_MEDIA_TYPE;
            case 429 -> QUOTA_EXCEEDED;
            case 431 -> HEADERS_TOO_LARGE;
            case 503 -> SERVICE_UNAVAILABLE;
            default -> status >= 400 && status < 500 ? INVALID_REQUEST : INTERNAL_ERROR;
        };
    }
}
