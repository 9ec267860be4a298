package domainintel.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One browser's worth of dashboard session over plain HTTP: its cookies (kept by hand, so a test
 * can copy them as a thief would), the CSRF token read from the page, and htmx-style posts.
 */
public final class DashboardSession {
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();
    private static final Pattern CSRF_META = Pattern.compile("<meta name=\"csrf-token\" content=\"([^\"]*)\"");
    private static final Pattern NEW_SECRET = Pattern.compile("id=\"new-key-secret\">(di_live_[0-9A-Za-z]+)<");
    private static final Pattern NEW_WEBHOOK_SECRET = Pattern.compile("id=\"new-webhook-secret\">(whsec_[0-9A-Za-z+/=]+)<");

    private final URI base;
    private final Map<String, String> cookies = new LinkedHashMap<>();

    public DashboardSession(URI base) {
        this.base = base;
    }

    public Map<String, String> cookies() {
        return cookies;
    }

    public HttpResponse<String> signUp(String email, String password) {
        return postForm("/dashboard/signup", Map.of("email", email, "password", password), null);
    }

    public HttpResponse<String> signIn(String email, String password) {
        return postForm("/dashboard/signin", Map.of("email", email, "password", password), null);
    }

    public HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(base.resolve(path)).GET());
    }

    /** The CSRF token the page at {@code path} was rendered with. */
    public String csrfToken(String path) {
        Matcher m = CSRF_META.matcher(get(path).body());
        if (!m.find()) {
            throw new AssertionError("no CSRF token on " + path);
        }
        return m.group(1);
    }

    /** A state change as htmx sends it: form-encoded, with the CSRF header when {@code csrf} is given. */
    public HttpResponse<String> postForm(String path, Map<String, String> form, String csrf) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("HX-Request", "true")
                .POST(HttpRequest.BodyPublishers.ofString(form.entrySet().stream()
                        .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                        .collect(Collectors.joining("&"))));
        if (csrf != null) {
            b.header("X-CSRF-TOKEN", csrf);
        }
        return send(b);
    }

    /** Creates a key through the keys page and returns the secret it shows once. */
    public String createKey(String name) {
        HttpResponse<String> created = postForm("/dashboard/keys", Map.of("name", name), csrfToken("/dashboard/keys"));
        Matcher m = NEW_SECRET.matcher(created.body());
        if (created.statusCode() != 200 || !m.find()) {
            throw new AssertionError("key creation failed: " + created.statusCode() + " " + created.body());
        }
        return m.group(1);
    }

    /** Adds a webhook through the webhooks page (an Enterprise account) and returns the secret it shows once. */
    public String createWebhook(String url) {
        HttpResponse<String> created = postForm("/dashboard/webhooks", Map.of("url", url, "events", "domain.listed"),
                csrfToken("/dashboard/webhooks"));
        Matcher m = NEW_WEBHOOK_SECRET.matcher(created.body());
        if (created.statusCode() != 200 || !m.find()) {
            throw new AssertionError("webhook creation failed: " + created.statusCode() + " " + created.body());
        }
        return m.group(1);
    }

    public HttpResponse<String> send(HttpRequest.Builder request) {
        if (!cookies.isEmpty()) {
            request.header("Cookie", cookies.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining("; ")));
        }
        try {
            HttpResponse<String> response = HTTP.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            for (String setCookie : response.headers().allValues("Set-Cookie")) {
                String pair = setCookie.split(";", 2)[0];
                String name = pair.substring(0, pair.indexOf('='));
                String value = pair.substring(pair.indexOf('=') + 1);
                boolean expired = value.isEmpty() || setCookie.toLowerCase().contains("max-age=0");
                if (expired) {
                    cookies.remove(name);
                } else {
                    cookies.put(name, value);
                }
            }
            return response;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
