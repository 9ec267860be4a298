package domainintel.faults;

import domainintel.support.Api;
import domainintel.support.TempDataDir;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.web.router.Router;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Malformed, oversized and hostile input on every route the server has registered (read from its
 * router, so a new route is covered without touching this test): odd path values, bad query
 * parameters, broken and ill-typed bodies, wrong content types. Every answer must be a non-500, every
 * error the envelope with a code and the request id of its header, and no error may name a Java
 * class or library.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AbuseTest implements TempDataDir {
    /** Words and shapes that only internals produce: library names, qualified class names, exception names. */
    static final Pattern LEAK = Pattern.compile("(?i)(exception|jackson|micronaut|netty|serde|fasterxml|hikari|sqlstate|"
            + "org\\.h2|stack ?trace|\\bjava\\.|\\bjavax\\.|domainintel\\.)|\\b[a-z]+(\\.[a-z]+)+\\.[A-Z][A-Za-z]+\\b");
    static final List<String> PATH_VALUES = List.of("zqx-abuse.com", "%00", "..%2F..%2Fetc%2Fpasswd", "a".repeat(300),
            "%C3%BCber.com", "xn--a.com", "%FF%FE", "%27%22%3Cscript%3E", "wh_" + "z".repeat(20), "-1", "1e400");
    static final List<String> QUERIES = List.of("?page=abc&perPage=-1&minPrice=1.5&maxPrice=1e400",
            "?q=%25ZZ&tld=..&category=nope&sort=%00", "?page=1&page=2&period=forever&market=moon&limit=99999999999999999999");

    record Body(String contentType, byte[] bytes) {
        static Body of(String contentType, String text) {
            return new Body(contentType, text.getBytes(StandardCharsets.UTF_8));
        }
    }

    static List<Body> bodies() {
        List<Body> bodies = new ArrayList<>(List.of(
                Body.of("application/json", "{"),
                Body.of("application/json", "{} trailing"),
                Body.of("application/json", "{\"a\":1}{\"b\":2}"),
                Body.of("application/json", "[]"),
                Body.of("application/json", "null"),
                Body.of("application/json", "\"text\""),
                Body.of("application/json", "{\"price\":1.5,\"tier\":7,\"domain\":[],\"domains\":{},\"url\":5,\"events\":\"x\"}"),
                Body.of("application/json", "{\"price\":\"100\",\"tier\":\"enterprise\",\"domain\":\"ok.com\",\"domains\":[1,2]}"),
                Body.of("application/json", "[".repeat(20_000) + "]".repeat(20_000)),
                Body.of("application/json", "{\"domains\":[" + "\"a.com\",".repeat(5_000) + "\"b.com\"]}"),
                Body.of("application/json", "{\"x\":\"" + "y".repeat(1_100_000) + "\"}"),
                Body.of("text/csv", "domain,price\n\u0000,\u0001\n,,,,,\n"),
                Body.of("application/xml", "<a/>"),
                Body.of("text/plain", "")));
        bodies.add(new Body("application/json", new byte[]{'{', '"', 'a', '"', ':', '"', (byte) 0xff, (byte) 0xfe, '"', '}'}));
        return bodies;
    }

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    Router router;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Map<String, Integer> byCode = new TreeMap<>();
    private final List<String> violations = new ArrayList<>();
    private int requests;
    private int serverErrors;

    @Test
    void everyRouteAnswersBadInputWithTheEnvelopeAndNoInternals() throws Exception {
        Api api = new Api(server.getURI(), json);
        String[] key = {api.createKey("enterprise", "abuse")};
        Set<String> routes = new TreeSet<>();
        router.uriRoutes().forEach(route -> routes.add(route.getHttpMethodName() + " " + route.getUriMatchTemplate().toString()));
        for (String route : routes) {
            String method = route.substring(0, route.indexOf(' '));
            if (method.equals("HEAD")) {
                continue; // the GET route's answers without their bodies: covered by GET
            }
            String template = route.substring(route.indexOf(' ') + 1);
            String bearer = template.startsWith("/admin") ? Api.ADMIN_TOKEN : template.startsWith("/api") || template.startsWith("/v1") ? key[0] : null;
            boolean takesBody = method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
            for (String value : PATH_VALUES) {
                send(method, expand(template, value), bearer, takesBody ? Body.of("application/json", "{}") : null);
            }
            for (String query : QUERIES) {
                send(method, expand(template, PATH_VALUES.get(0)) + query, bearer, null);
            }
            for (Body body : takesBody ? bodies() : bodies().subList(0, 1)) {
                send(method, expand(template, PATH_VALUES.get(0)), bearer, body);
            }
            // Escapes no HTTP client library would send: written on the socket as they are.
            sendRaw(method, expand(template, "%ZZ") + "?q=%G0&page=%", bearer);
            if (bearer != null && !template.startsWith("/admin")) {
                send(method, expand(template, PATH_VALUES.get(0)), null, null);
                send(method, expand(template, PATH_VALUES.get(0)), "di_live_" + "A".repeat(40), null);
            }
            if (requests > 700) {
                key[0] = api.createKey("enterprise", "abuse"); // a fresh daily quota
                requests = 0;
            }
        }
        System.out.printf("FAULTS abuse: %d routes, %d requests; answers by status and code: %s; 500s: %d%n",
                routes.size(), byCode.values().stream().mapToInt(Integer::intValue).sum(), byCode, serverErrors);
        assertTrue(violations.isEmpty(), violations.size() + " violations, first: " + violations.subList(0, Math.min(20, violations.size())));
    }

    static String expand(String template, String value) {
        return template.replaceAll("\\{[^}]+}", java.util.regex.Matcher.quoteReplacement(value));
    }

    private void sendRaw(String method, String target, String bearer) throws IOException {
        requests++;
        try (java.net.Socket socket = new java.net.Socket(server.getHost(), server.getPort())) {
            socket.setSoTimeout(60_000);
            String head = method + " " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                    + (bearer == null ? "" : "Authorization: Bearer " + bearer + "\r\n") + "Content-Length: 0\r\n\r\n";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = Integer.parseInt(response.substring(9, 12));
            int split = response.indexOf("\r\n\r\n");
            String headers = response.substring(0, split).toLowerCase(java.util.Locale.ROOT);
            String requestId = headers.lines().filter(l -> l.startsWith("x-request-id:")).map(l -> l.substring(13).trim())
                    .findFirst().orElse(null);
            check(method + " " + target, status, response.substring(split + 4), requestId);
        }
    }

    private void send(String method, String path, String bearer, Body body) throws IOException, InterruptedException {
        requests++;
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.getURI() + path)).timeout(Duration.ofSeconds(60))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body.bytes()));
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        if (body != null) {
            request.header("Content-Type", body.contentType());
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            violations.add(method + " " + abbreviated(path) + ": no answer (" + e + ")");
            return;
        }
        check(method + " " + abbreviated(path) + (body == null ? "" : " [" + body.contentType() + " "
                + abbreviated(new String(body.bytes(), StandardCharsets.UTF_8)) + "]"), response.statusCode(), response.body(),
                response.headers().firstValue("X-Request-Id").orElse(null));
    }

    /** Records the answer's status and code, and every way it breaks the contract. */
    private void check(String what, int status, String body, String requestIdHeader) {
        if (status >= 500 && status != 503) {
            serverErrors++;
            violations.add(what + ": " + status + " " + abbreviated(body));
        }
        if (status < 400) {
            byCode.merge(Integer.toString(status), 1, Integer::sum);
            return;
        }
        String code = "?";
        try {
            JsonNode envelope = json.readValue(body, JsonNode.class);
            code = envelope.get("error").get("code").getStringValue();
            String requestId = envelope.get("error").get("requestId").getStringValue();
            if (!requestId.equalsIgnoreCase(String.valueOf(requestIdHeader))) {
                violations.add(what + ": requestId differs from X-Request-Id");
            }
            if (envelope.get("success").getBooleanValue()) {
                violations.add(what + ": an error with success true");
            }
        } catch (IOException | RuntimeException notTheEnvelope) {
            violations.add(what + ": " + status + " without the envelope: " + abbreviated(body));
        }
        byCode.merge(status + " " + code, 1, Integer::sum);
        if (LEAK.matcher(body).find()) {
            violations.add(what + ": " + status + " names internals: " + abbreviated(body));
        }
    }

    private static String abbreviated(String text) {
        return text.length() > 160 ? text.substring(0, 157) + "..." : text;
    }
}
