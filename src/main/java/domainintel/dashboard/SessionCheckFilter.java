package domainintel.dashboard;

import domainintel.accounts.Account;
import domainintel.accounts.Accounts;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.cookie.Cookie;
import io.micronaut.http.filter.ServerFilterPhase;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.filters.SecurityFilter;

import java.net.URI;
import java.util.Optional;
import java.util.Set;

/**
 * After Micronaut Security has checked the session JWT's signature and expiry: is the session still
 * live? A token carries the account's session version from sign-in; signing out moves the version
 * on, so a copied cookie stops working at once, on every instance. The live account is handed to
 * the pages as a request attribute. Also refuses state changes that carry no content type, which
 * Micronaut's CSRF filter (matching by content type) would let through unchecked.
 */
@ServerFilter(Dashboard.PATH + "/**")
public class SessionCheckFilter implements Ordered {
    static final String ACCOUNT = "dashboard.account";
    static final String SESSION_VERSION = "sv";
    private static final Set<HttpMethod> SAFE = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS);

    private final Accounts accounts;

    public SessionCheckFilter(Accounts accounts) {
        this.accounts = accounts;
    }

    @RequestFilter
    @ExecuteOn(TaskExecutors.BLOCKING)
    @Nullable
    public HttpResponse<?> check(HttpRequest<?> request) {
        Optional<Authentication> authentication = request.getAttribute(SecurityFilter.AUTHENTICATION, Authentication.class);
        if (authentication.isEmpty()) {
            return null; // anonymous pages (sign-in, sign-up, assets); the security rules guard the rest
        }
        if (!SAFE.contains(request.getMethod()) && request.getContentType().isEmpty()) {
            return HttpResponse.status(HttpStatus.FORBIDDEN);
        }
        Object version = authentication.get().getAttributes().get(SESSION_VERSION);
        Optional<Account> account = accounts.find(authentication.get().getName())
                .filter(a -> version instanceof Number n && n.longValue() == a.sessionVersion());
        if (account.isEmpty()) {
            return signedOut(request);
        }
        request.setAttribute(ACCOUNT, account.get());
        return null;
    }

    /** Back to the sign-in page, with the dead cookie cleared; htmx is told to navigate there. */
    private static MutableHttpResponse<?> signedOut(HttpRequest<?> request) {
        MutableHttpResponse<?> response = request.getHeaders().contains("HX-Request")
                ? HttpResponse.unauthorized().header("HX-Redirect", Dashboard.SIGN_IN)
                : HttpResponse.seeOther(URI.create(Dashboard.SIGN_IN));
        return response.cookie(Cookie.of(Dashboard.SESSION_COOKIE, "").path(Dashboard.PATH).maxAge(0));
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.SECURITY.after();
    }
}
