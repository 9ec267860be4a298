package domainintel.web;

/**
 * Names the spec's shared parts (src/main/openapi/errors.yml, merged into the generated spec): the
 * error answers each operation lists, and the operation extension that carries the tier it needs.
 */
public final class ApiDocs {
    public static final String BAD_REQUEST = "#/components/responses/BadRequest";
    public static final String UNAUTHORIZED = "#/components/responses/Unauthorized";
    public static final String FORBIDDEN = "#/components/responses/InsufficientTier";
    public static final String NOT_FOUND = "#/components/responses/NotFound";
    public static final String PAYLOAD_TOO_LARGE = "#/components/responses/PayloadTooLarge";
    public static final String UNSUPPORTED_MEDIA_TYPE = "#/components/responses/UnsupportedMediaType";
    public static final String BATCH_TOO_LARGE = "#/components/responses/BatchTooLarge";
    public static final String TOO_MANY_REQUESTS = "#/components/responses/QuotaExceeded";
    public static final String TOO_MANY_ATTEMPTS = "#/components/responses/TooManyAttempts";
    /** The refusals of the server's edge, which any operation may answer (listed on every controller). */
    public static final String ORIGIN_NOT_ALLOWED = "#/components/responses/OriginNotAllowed";
    public static final String URI_TOO_LONG = "#/components/responses/UriTooLong";
    public static final String HEADERS_TOO_LARGE = "#/components/responses/HeadersTooLarge";
    public static final String INTERNAL_ERROR = "#/components/responses/InternalError";
    public static final String SERVICE_UNAVAILABLE = "#/components/responses/ServiceUnavailable";
    /** Operation extension: the lowest tier whose keys may call the operation ({@code sovereign} or {@code enterprise}). */
    public static final String TIER = "x-required-tier";
    public static final String BEARER = "bearerAuth";
    public static final String ADMIN_BEARER = "adminToken";

    private ApiDocs() {
    }
}
