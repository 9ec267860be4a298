package domainintel.contract;

import java.util.Locale;

/** The contract's error codes (docs/API.md). Their HTTP statuses are decided in {@code web.ErrorStatus}. */
public enum ErrorCode {
    INVALID_REQUEST,
    INVALID_DOMAIN,
    INVALID_WEBHOOK_URL,
    MISSING_API_KEY,
    INVALID_API_KEY,
    REVOKED_API_KEY,
    INSUFFICIENT_TIER,
    ORIGIN_NOT_ALLOWED,
    NOT_FOUND,
    DOMAIN_NOT_FOUND,
    WEBHOOK_NOT_FOUND,
    METHOD_NOT_ALLOWED,
    PAYLOAD_TOO_LARGE,
    URI_TOO_LONG,
    UNSUPPORTED_MEDIA_TYPE,
    BATCH_TOO_LARGE,
    QUOTA_EXCEEDED,
    TOO_MANY_ATTEMPTS,
    HEADERS_TOO_LARGE,
    INTERNAL_ERROR,
    SERVICE_UNAVAILABLE;

    /** The wire form, e.g. {@code quota_exceeded}. */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }
}
