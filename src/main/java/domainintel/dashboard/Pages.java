package domainintel.dashboard;

import domainintel.accounts.Account;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.csrf.repository.CsrfTokenRepository;
import io.micronaut.views.ModelAndView;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Map;

/** What every signed-in page shows: who is signed in, their tier, and the CSRF token htmx sends back. */
@Singleton
public class Pages {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter TIME_TO_SECOND = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);
    private final CsrfTokenRepository<HttpRequest<?>> csrfTokens;

    public Pages(CsrfTokenRepository<HttpRequest<?>> csrfTokens) {
        this.csrfTokens = csrfTokens;
    }

    /** The account the session check found live for this request. */
    public static Account account(HttpRequest<?> request) {
        return request.getAttribute(SessionCheckFilter.ACCOUNT, Account.class)
                .orElseThrow(() -> new IllegalStateException("page is not behind SessionCheckFilter"));
    }

    public ModelAndView<Map<String, Object>> page(String view, String nav, HttpRequest<?> request, Map<String, ?> extra) {
        Account account = account(request);
        Map<String, Object> model = new HashMap<>(extra);
        model.put("nav", nav);
        model.put("email", account.email() == null ? account.id() : account.email());
        model.put("tier", account.tier().wireName());
        model.put("enterprise", account.tier().name().equals("ENTERPRISE"));
        model.put("csrf", csrfTokens.findCsrfToken(request).orElse(""));
        return new ModelAndView<>(view, model);
    }

    /** A time as people read it on these pages: minutes, UTC. */
    public static String time(Instant instant) {
        return instant == null ? "—" : TIME.format(instant);
    }

    /** A time to the second, for what happens within minutes (deliveries and their retries). */
    public static String timeToSecond(Instant instant) {
        return instant == null ? "—" : TIME_TO_SECOND.format(instant);
    }

    /** Where this server is reached, for the copy-and-paste curl lines. */
    public static String baseUrl(HttpRequest<?> request) {
        String host = request.getHeaders().get(HttpHeaders.HOST);
        String scheme = request.getHeaders().get("X-Forwarded-Proto", String.class).orElse(request.isSecure() ? "https" : "http");
        return host == null ? "" : scheme + "://" + host;
    }

    public static ModelAndView<Map<String, Object>> fragment(String view, Map<String, ?> model) {
        return new ModelAndView<>(view, new HashMap<>(model));
    }
}
