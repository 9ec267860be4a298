package domainintel.web;

import domainintel.contract.Rejection;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;

/** Turns a {@link Rejection} thrown by any filter or controller into its JSON error. */
@Produces
@Singleton
public class RejectionHandler implements ExceptionHandler<Rejection, HttpResponse<ApiResponse>> {
    @Override
    public HttpResponse<ApiResponse> handle(HttpRequest request, Rejection exception) {
        var response = ErrorEnvelopes.of(request, exception.code(), exception.getMessage(), exception.details());
        if (exception.details() != null && exception.details().get("retryAfterSeconds") instanceof Long seconds) {
            response.header("Retry-After", Long.toString(seconds));
        }
        return response;
    }
}
