package domainintel.web;

import domainintel.contract.ErrorCode;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpResponse;

import java.util.Map;

/** Builds the JSON error response for a code: the one place an error's shape is decided. */
public final class ErrorEnvelopes {
    private ErrorEnvelopes() {
    }

    public static MutableHttpResponse<ApiResponse> of(HttpRequest<?> request, ErrorCode code, String message, Map<String, Object> details) {
        return HttpResponse.<ApiResponse>status(ErrorStatus.of(code))
                .body(ApiResponse.error(code, message, RequestIds.of(request), details));
    }

    /**
     * The code for an error some layer answered with a bare status: a 403 to a request with an
     * {@code Origin} header is the CORS filter refusing a foreign origin.
     */
    public static ErrorCode codeFor(HttpRequest<?> request, int status) {
        if (status == 403 && request.getHeaders().contains(io.micronaut.http.HttpHeaders.ORIGIN)) {
            return ErrorCode.ORIGIN_NOT_ALLOWED;
        }
        return ErrorStatus.codeFor(status);
    }

    /** A plain sentence for a code, for errors the framework raises without one we can show. */
    public static String defaultMessage(ErrorCode code, HttpRequest<?> request) {
        return switch (code) {
            case NOT_FOUND -> "No route for " + request.getPath() + ".";
            case METHOD_NOT_ALLOWED -> "Method " + request.getMethodName() + " is not allowed on " + request.getPath() + ".";
            case PAYLOAD_TOO_LARGE -> "Request body is larger than the 1 MB limit.";
            case URI_TOO_LONG -> "The request line is longer than the 8 KB limit.";
            case HEADERS_TOO_LARGE -> "The request headers are larger than the 16 KB limit.";
            case ORIGIN_NOT_ALLOWED -> "Cross-origin requests from this origin are not accepted.";
            case UNSUPPORTED_MEDIA_TYPE -> "Request body must be JSON (Content-Type: application/json).";
            case SERVICE_UNAVAILABLE -> "A backing store is unreachable; retry shortly.";
            case INVALID_REQUEST -> "The request is malformed.";
            default -> "An unexpected error occurred; quote the request id when reporting it.";
        };
    }
}
