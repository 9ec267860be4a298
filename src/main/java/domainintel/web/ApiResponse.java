package domainintel.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import domainintel.contract.ErrorCode;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

import java.util.Map;

/**
 * The envelope of every API response: {@code success}, then {@code data} or {@code error}, then
 * {@code rateLimit} whenever the caller's key was identified (added by {@link EnvelopeFilter}).
 */
@Serdeable
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApiResponse(boolean success,
                          @Nullable Object data,
                          @Nullable Error error,
                          @Nullable RateLimitView rateLimit) {

    public static ApiResponse ok(Object data) {
        return new ApiResponse(true, data, null, null);
    }

    public static ApiResponse error(ErrorCode code, String message, String requestId, @Nullable Map<String, Object> details) {
        return new ApiResponse(false, null, new Error(code.code(), message, requestId, details), null);
    }

    public ApiResponse withRateLimit(RateLimitView rateLimit) {
        return new ApiResponse(success, data, error, rateLimit);
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Error(String code, String message, String requestId, @Nullable Map<String, Object> details) {
    }

    @Serdeable
    public record RateLimitView(long limit, long remaining, String resetAt) {
    }
}
