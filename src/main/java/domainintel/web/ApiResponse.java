package domainintel.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import domainintel.contract.ErrorCode;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;

import java.util.Map;

/**
 * The envelope of every API response: {@code success}, then {@code data} or {@code error}, then
 * {@code rateLimit} whenever the caller's key was identified (added by {@link EnvelopeFilter}).
 * {@code T} is the endpoint's data record, so the generated spec describes each answer exactly.
 */
@Serdeable
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "The envelope of every answer: `success`, then `data` (on success) or `error`, then `rateLimit` for an identified key.")
public record ApiResponse<T>(boolean success,
                             @Nullable T data,
                             @Nullable Error error,
                             @Nullable RateLimitView rateLimit) {

    public static <T> ApiResponse<T> ok(T data) {
        return new ApiResponse<>(true, data, null, null);
    }

    public static ApiResponse<Void> error(ErrorCode code, String message, String requestId, @Nullable Map<String, Object> details) {
        return new ApiResponse<>(false, null, new Error(code.code(), message, requestId, details), null);
    }

    public ApiResponse<T> withRateLimit(RateLimitView rateLimit) {
        return new ApiResponse<>(success, data, error, rateLimit);
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "Error", description = "What went wrong: a code from the contract, a sentence for people, the request id to quote.")
    public record Error(@Schema(description = "One of the contract's error codes, e.g. `invalid_request`.", example = "invalid_request") String code,
                        @Schema(example = "Query parameter 'perPage' must be between 1 and 100.") String message,
                        @Nullable @Schema(description = "Ties the answer to our logs; also in the `X-Request-Id` header. Absent in a bulk slot.", example = "req_3f9c1d2e4b5a49c8a7d6e5f4a3b2c1d0") String requestId,
                        @Nullable @Schema(description = "Facts about the refusal, e.g. `limit` and `received` for `batch_too_large`.") Map<String, Object> details) {
    }

    @Serdeable
    @Schema(name = "RateLimit", description = "The key's daily quota after this request (also in the `RateLimit` and `RateLimit-Policy` headers).")
    public record RateLimitView(@Schema(example = "500") long limit,
                                @Schema(example = "499") long remaining,
                                @Schema(description = "Next midnight UTC, when the count starts again.", example = "2026-01-02T00:00:00Z") String resetAt) {
    }
}
