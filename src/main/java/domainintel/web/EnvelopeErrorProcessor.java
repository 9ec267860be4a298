package domainintel.web;

import domainintel.contract.ErrorCode;
import io.micronaut.context.annotation.Primary;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;

import java.sql.SQLTransientConnectionException;
import java.sql.SQLNonTransientConnectionException;

/**
 * Errors the framework raises itself (unknown route, wrong method, malformed JSON, body too large,
 * not JSON, unhandled exceptions) get the same envelope as ours. A 500 never shows internal detail:
 * the message is generic and the request id lets us find the logged cause.
 */
@Singleton
@Primary
public class EnvelopeErrorProcessor implements ErrorResponseProcessor<ApiResponse> {
    private final OversizedRequests oversized;

    public EnvelopeErrorProcessor(@Nullable OversizedRequests oversized) {
        this.oversized = oversized;
    }

    @Override
    public MutableHttpResponse<ApiResponse> processResponse(ErrorContext context, MutableHttpResponse<?> baseResponse) {
        // Requests refused before routing never reach the filters: the headers are set here too.
        ResponseHeaders.apply(context.getRequest(), baseResponse);
        ErrorCode code = storeUnreachable(context) ? ErrorCode.SERVICE_UNAVAILABLE
                : oversizedRefusal(context).orElse(ErrorEnvelopes.codeFor(context.getRequest(), baseResponse.code()));
        String message = ErrorEnvelopes.defaultMessage(code, context.getRequest());
        if (baseResponse.code() == HttpStatus.NOT_ACCEPTABLE.getCode()) {
            // The contract has no 406: an Accept that rules out JSON is a malformed request (400).
            message = "Responses are JSON: send Accept: application/json (or leave it out).";
        } else if (code == ErrorCode.INVALID_REQUEST && context.hasErrors()) {
            // A body that does not parse is told in our words (the parser's name its internals); a binding
            // error describes the caller's input (the field), never our internals.
            message = MalformedJson.describe(context.getRootCause().orElse(null))
                    .orElse(context.getErrors().get(0).getMessage());
        }
        return baseResponse.status(ErrorStatus.of(code))
                .body(ApiResponse.error(code, message, RequestIds.of(context.getRequest()), null));
    }

    private java.util.Optional<ErrorCode> oversizedRefusal(ErrorContext context) {
        return oversized == null ? java.util.Optional.empty() : oversized.refusal(context.getRequest());
    }

    private static boolean storeUnreachable(ErrorContext context) {
        Throwable t = context.getRootCause().orElse(null);
        while (t != null) {
            if (t instanceof SQLTransientConnectionException || t instanceof SQLNonTransientConnectionException
                    || t instanceof java.net.ConnectException) {
                return true;
            }
            t = t.getCause();
        }
        return false;
    }
}
