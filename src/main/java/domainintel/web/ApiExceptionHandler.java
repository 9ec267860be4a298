package domainintel.web;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;

/** Turns an {@link ApiException} thrown by any filter or controller into its JSON error. */
@Produces
@Singleton
public class ApiExceptionHandler implements ExceptionHandler<ApiException, HttpResponse<ApiResponse>> {
    @Override
    public HttpResponse<ApiResponse> handle(HttpRequest request, ApiException exception) {
        var response = ErrorEnvelopes.of(request, exception.code(), exception.getMessage(), exception.details());
        if (exception.details() != null && exception.details().get("retryAfterSeconds") instanceof Long seconds) {
            response.header("Retry-After", Long.toString(seconds));
        }
        return response;
    }
}
