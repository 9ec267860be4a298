package domainintel.dashboard;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.security.authentication.AuthorizationException;
import io.micronaut.security.authentication.DefaultAuthorizationExceptionHandler;
import jakarta.inject.Singleton;

import java.net.URI;

/**
 * How the dashboard answers a refusal from Micronaut Security (which only guards /dashboard):
 * not signed in goes to the sign-in page (htmx is told to navigate there), and a refused state
 * change (a missing or wrong CSRF token) is a plain 403, not an API error envelope.
 */
@Singleton
@Replaces(DefaultAuthorizationExceptionHandler.class)
public class DashboardAuthorizationHandler implements ExceptionHandler<AuthorizationException, MutableHttpResponse<?>> {
    @Override
    public MutableHttpResponse<?> handle(HttpRequest request, AuthorizationException refusal) {
        if (refusal.isForbidden()) {
            return HttpResponse.status(HttpStatus.FORBIDDEN)
                    .contentType(MediaType.TEXT_PLAIN_TYPE).body("Forbidden: the request's CSRF token is missing or wrong. Reload the page.");
        }
        if (request.getHeaders().contains("HX-Request")) {
            return HttpResponse.unauthorized().header("HX-Redirect", Dashboard.SIGN_IN);
        }
        return HttpResponse.seeOther(URI.create(Dashboard.SIGN_IN));
    }
}
