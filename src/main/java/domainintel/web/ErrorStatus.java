package domainintel.web;

import domainintel.contract.ErrorCode;
import io.micronaut.http.HttpStatus;

/** The one HTTP status each contract error code is sent with, and the reverse for framework errors. */
public final class ErrorStatus {
    private ErrorStatus() {
    }

    public static HttpStatus of(ErrorCode code) {
        return switch (code) {
            case INVALID_REQUEST, INVALID_DOMAIN, INVALID_WEBHOOK_URL -> HttpStatus.BAD_REQUEST;
            case MISSING_API_KEY, INVALID_API_KEY, REVOKED_API_KEY -> HttpStatus.UNAUTHORIZED;
            case INSUFFICIENT_TIER, ORIGIN_NOT_ALLOWED -> HttpStatus.FORBIDDEN;
            case NOT_FOUND, DOMAIN_NOT_FOUND, WEBHOOK_NOT_FOUND -> HttpStatus.NOT_FOUND;
            case METHOD_NOT_ALLOWED -> HttpStatus.METHOD_NOT_ALLOWED;
            case PAYLOAD_TOO_LARGE -> HttpStatus.REQUEST_ENTITY_TOO_LARGE;
            case URI_TOO_LONG -> HttpStatus.REQUEST_URI_TOO_LONG;
            case UNSUPPORTED_MEDIA_TYPE -> HttpStatus.UNSUPPORTED_MEDIA_TYPE;
            case BATCH_TOO_LARGE -> HttpStatus.UNPROCESSABLE_ENTITY;
            case QUOTA_EXCEEDED, TOO_MANY_ATTEMPTS -> HttpStatus.TOO_MANY_REQUESTS;
            case HEADERS_TOO_LARGE -> HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE;
            case INTERNAL_ERROR -> HttpStatus.INTERNAL_SERVER_ERROR;
            case SERVICE_UNAVAILABLE -> HttpStatus.SERVICE_UNAVAILABLE;
        };
    }

    /** The code a framework-produced error of this status maps to (routing, body parsing, size limits). */
    public static ErrorCode codeFor(int status) {
        return switch (status) {
            case 400 -> ErrorCode.INVALID_REQUEST;
            case 401 -> ErrorCode.MISSING_API_KEY;
            case 404 -> ErrorCode.NOT_FOUND;
            case 405 -> ErrorCode.METHOD_NOT_ALLOWED;
            case 413 -> ErrorCode.PAYLOAD_TOO_LARGE;
            case 414 -> ErrorCode.URI_TOO_LONG;
            case 415 -> ErrorCode.UNSUPPORTED_MEDIA_TYPE;
            case 429 -> ErrorCode.QUOTA_EXCEEDED;
            case 431 -> ErrorCode.HEADERS_TOO_LARGE;
            case 503 -> ErrorCode.SERVICE_UNAVAILABLE;
            default -> status >= 400 && status < 500 ? ErrorCode.INVALID_REQUEST : ErrorCode.INTERNAL_ERROR;
        };
    }
}
