package domainintel.dashboard;

import domainintel.accounts.Account;
import domainintel.accounts.Accounts;
import domainintel.accounts.Passwords;
import domainintel.accounts.SignInThrottle;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Produces;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.handlers.LogoutHandler;
import io.micronaut.security.handlers.RedirectingLoginHandler;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.views.ModelAndView;

import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Sign up, sign in, sign out. A session is a signed JWT in an HttpOnly, SameSite=Strict cookie
 * (Micronaut Security's cookie login handler), carrying the account id and its session version.
 */
@Controller(Dashboard.PATH)
@Produces(MediaType.TEXT_HTML)
@ExecuteOn(TaskExecutors.BLOCKING)
public class AccountPagesController {
    private final Accounts accounts;
    private final Passwords passwords;
    private final SignInThrottle throttle;
    private final RedirectingLoginHandler<HttpRequest<?>, MutableHttpResponse<?>> loginHandler;
    private final LogoutHandler<HttpRequest<?>, MutableHttpResponse<?>> logoutHandler;
    private final Clock clock;

    public AccountPagesController(Accounts accounts, Passwords passwords, SignInThrottle throttle,
                                  RedirectingLoginHandler<HttpRequest<?>, MutableHttpResponse<?>> loginHandler,
                                  LogoutHandler<HttpRequest<?>, MutableHttpResponse<?>> logoutHandler, Clock clock) {
        this.accounts = accounts;
        this.passwords = passwords;
        this.throttle = throttle;
        this.loginHandler = loginHandler;
        this.logoutHandler = logoutHandler;
        this.clock = clock;
    }

    @Serdeable
    public record CredentialsForm(@Nullable String email, @Nullable String password) {
    }

    @Get
    public HttpResponse<?> home() {
        return HttpResponse.seeOther(URI.create(Dashboard.PATH + "/keys"));
    }

    @Get("/signup")
    public ModelAndView<Map<String, Object>> signUpPage() {
        return form("dashboard/signup", null, null);
    }

    @Post(value = "/signup", consumes = MediaType.APPLICATION_FORM_URLENCODED)
    public HttpResponse<?> signUp(@Body CredentialsForm form, HttpRequest<?> request) {
        String email = Accounts.normalizeEmail(form.email());
        if (email == null) {
            return HttpResponse.badRequest(form("dashboard/signup", form.email(), "Enter a valid email address."));
        }
        String problem = passwords.problem(form.password());
        if (problem != null) {
            return HttpResponse.badRequest(form("dashboard/signup", email, problem));
        }
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Optional<Account> created = accounts.create(email, passwords.hash(form.password()), now);
        if (created.isEmpty()) {
            return HttpResponse.status(HttpStatus.CONFLICT)
                    .body(form("dashboard/signup", email, "An account with this email exists: sign in instead."));
        }
        return signedIn(created.get(), request);
    }

    @Get("/signin")
    public ModelAndView<Map<String, Object>> signInPage() {
        return form("dashboard/signin", null, null);
    }

    @Post(value = "/signin", consumes = MediaType.APPLICATION_FORM_URLENCODED)
    public HttpResponse<?> signIn(@Body CredentialsForm form, HttpRequest<?> request) {
        String email = Accounts.normalizeEmail(form.email());
        if (email == null || form.password() == null) {
            return HttpResponse.badRequest(form("dashboard/signin", form.email(), "Enter your email and password."));
        }
        Instant now = clock.instant();
        String address = clientAddress(request);
        Optional<Instant> blockedUntil = throttle.blockedUntil(email, address, now);
        if (blockedUntil.isPresent()) {
            long minutes = Math.max(1, Duration.between(now, blockedUntil.get()).toMinutes() + 1);
            return HttpResponse.status(HttpStatus.TOO_MANY_REQUESTS)
                    .header("Retry-After", Long.toString(Duration.between(now, blockedUntil.get()).toSeconds() + 1))
                    .body(form("dashboard/signin", email,
                            "Too many failed sign-ins. Try again in " + minutes + " minute" + (minutes == 1 ? "" : "s") + "."));
        }
        Optional<Accounts.Credentials> credentials = accounts.credentials(email);
        boolean matches = passwords.matches(form.password(), credentials.map(Accounts.Credentials::passwordHash).orElse(null));
        Optional<Account> account = matches ? accounts.find(credentials.get().accountId()) : Optional.empty();
        if (account.isEmpty()) {
            throttle.recordFailure(email, address, now);
            return HttpResponse.unauthorized().body(form("dashboard/signin", email, "Wrong email or password."));
        }
        throttle.recordSuccess(email);
        return signedIn(account.get(), request);
    }

    /** Ends every session of the account (the version moves on), and clears this browser's cookie. */
    @Post(value = "/signout", consumes = MediaType.APPLICATION_FORM_URLENCODED)
    public MutableHttpResponse<?> signOut(HttpRequest<?> request) {
        accounts.endSessions(Pages.account(request).id());
        MutableHttpResponse<?> response = logoutHandler.logout(request); // a redirect that clears the cookie
        if (request.getHeaders().contains("HX-Request")) {
            // htmx would follow a redirect inside its XHR; it navigates on HX-Redirect instead.
            response.getHeaders().remove(HttpHeaders.LOCATION);
            response.status(HttpStatus.OK).header("HX-Redirect", Dashboard.SIGN_IN);
        }
        return response;
    }

    private MutableHttpResponse<?> signedIn(Account account, HttpRequest<?> request) {
        Authentication authentication = Authentication.build(account.id(), List.of(),
                Map.of(SessionCheckFilter.SESSION_VERSION, account.sessionVersion()));
        return loginHandler.loginSuccess(authentication, request);
    }

    private static String clientAddress(HttpRequest<?> request) {
        InetSocketAddress remote = request.getRemoteAddress();
        return remote.getAddress() != null ? remote.getAddress().getHostAddress() : remote.getHostString();
    }

    private static ModelAndView<Map<String, Object>> form(String view, @Nullable String email, @Nullable String error) {
        Map<String, Object> model = new HashMap<>();
        model.put("formEmail", email == null ? "" : email);
        model.put("error", error);
        return new ModelAndView<>(view, model);
    }
}
