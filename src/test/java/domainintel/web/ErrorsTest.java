package domainintel.web;

import domainintel.support.Api;
import domainintel.support.TempDataDir;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every framework-level error is the contract's JSON envelope with its code and the request id. */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ErrorsTest implements TempDataDir {
    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    Api api;
    String key;

    @BeforeEach
    void setUp() {
        api = new Api(server.getURI(), json);
        if (key == null) {
            key = api.createKey("sovereign", null);
        }
    }

    private static void assertError(Api.Reply reply, int status, String code) {
        assertEquals(status, reply.status(), reply.raw().body());
        assertFalse(reply.body().get("success").getBooleanValue());
        assertEquals(code, reply.errorCode());
        assertEquals(reply.header("X-Request-Id"), reply.body().get("error").get("requestId").getStringValue());
        assertTrue(reply.header("Content-Type").startsWith("application/json"));
        assertFalse(reply.raw().body().contains("Exception"), "no internals: " + reply.raw().body());
    }

    @Test
    void unknownRouteIs404() {
        assertError(api.get("/api/v1/nothing-here", key), 404, "not_found");
        assertError(api.get("/nothing-here", null), 404, "not_found");
    }

    @Test
    void wrongMethodIs405() {
        assertError(api.send("DELETE", "/api/v1/domains", key, null, null), 405, "method_not_allowed");
    }

    @Test
    void malformedJsonIs400() {
        assertError(api.postJson("/admin/v1/keys", Api.ADMIN_TOKEN, "{\"tier\": "), 400, "invalid_request");
    }

    @Test
    void illTypedFieldIs400() {
        assertError(api.send("PUT", "/admin/v1/domains/example-typed.com", Api.ADMIN_TOKEN, "application/json",
                "{\"price\": \"cheap\"}"), 400, "invalid_request");
    }

    /** Nothing a client did not mean is stored: a fraction, a quoted number, two values or trailing text. */
    @ParameterizedTest
    @ValueSource(strings = {"{\"price\": 1.5}", "{\"price\": \"100\"}", "{\"price\": 1e2}",
            "{\"price\": 100, \"price\": 5}", "{\"price\": 99999999999999999999}"})
    void bodiesAreParsedStrictly(String body) {
        String domain = "strict-body-" + Integer.toHexString(body.hashCode()) + ".com";
        var reply = api.send("PUT", "/admin/v1/domains/" + domain, Api.ADMIN_TOKEN, "application/json", body);
        assertError(reply, 400, "invalid_request");
        assertTrue(reply.body().get("error").get("message").getStringValue().contains("price"), reply.raw().body());
        assertFalse(reply.raw().body().contains("domainintel") || reply.raw().body().toLowerCase().contains("jackson"), reply.raw().body());
        assertEquals(404, api.get("/api/v1/domains/" + domain, key).status(), "nothing stored");
    }

    /** One body, one JSON value: trailing text or a second document is refused, not silently dropped. */
    @ParameterizedTest
    @ValueSource(strings = {"{\"price\": 100} trailing", "{\"price\": 100}{\"price\": 5}", "{\"price\": 100} 5"})
    void textAfterTheDocumentIsRefused(String body) {
        String domain = "strict-tail-" + Integer.toHexString(body.hashCode()) + ".com";
        var reply = api.send("PUT", "/admin/v1/domains/" + domain, Api.ADMIN_TOKEN, "application/json", body);
        assertError(reply, 400, "invalid_request");
        assertTrue(reply.body().get("error").get("message").getStringValue().contains("after the JSON document"), reply.raw().body());
        assertEquals(404, api.get("/api/v1/domains/" + domain, key).status(), "nothing stored");
    }

    /** Every JSON route says the same about a body that does not parse, and nothing of the parser's internals. */
    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/valuations", "/api/v1/valuations/bulk", "/v1/valuations", "/admin/v1/keys"})
    void malformedBodiesGetOneCleanMessage(String path) {
        String bearer = path.startsWith("/admin") ? Api.ADMIN_TOKEN : key;
        assertEquals("The body is not valid JSON (line 1, column 11).", malformedBodyMessage(path, bearer, "{\"domain\":"));
        assertEquals("The body is not valid JSON: there is more after the JSON document (line 1, column 21).",
                malformedBodyMessage(path, bearer, "{\"domain\": \"a.com\"} {}"));
        assertEquals("The body is not valid JSON: it is beyond this API's limits (1,000 levels of nesting, "
                + "1,000 digits in a number, 50,000 characters in a field name).",
                malformedBodyMessage(path, bearer, "[".repeat(1_200) + "]".repeat(1_200)));
    }

    @Test
    void webhooksSayTheSameAboutAMalformedBody() {
        String enterprise = api.createKey("enterprise", null);
        assertEquals("The body is not valid JSON (line 1, column 8).", malformedBodyMessage("/api/v1/webhooks", enterprise, "{\"url\":"));
    }

    private String malformedBodyMessage(String path, String bearer, String body) {
        var reply = api.postJson(path, bearer, body);
        assertError(reply, 400, "invalid_request");
        return reply.body().get("error").get("message").getStringValue();
    }

    @Test
    void aLookAlikeInternationalisedNameIsRefused() {
        assertError(api.send("PUT", "/admin/v1/domains/xn--a.com", Api.ADMIN_TOKEN, "application/json", "{\"price\": 100}"),
                400, "invalid_domain");
    }

    @Test
    void nonJsonBodyIs415() {
        assertError(api.send("POST", "/admin/v1/keys", Api.ADMIN_TOKEN, "text/plain", "tier=sovereign"), 415, "unsupported_media_type");
    }

    @Test
    void oversizedBodyIs413() {
        String huge = "{\"tier\":\"sovereign\",\"name\":\"" + "x".repeat(1_100_000) + "\"}";
        assertError(api.postJson("/admin/v1/keys", Api.ADMIN_TOKEN, huge), 413, "payload_too_large");
    }

    @Test
    void callerRequestIdIsEchoedWhenPlain() {
        var reply = api.send(java.net.http.HttpRequest.newBuilder(server.getURI().resolve("/health"))
                .header("X-Request-Id", "trace-12345678").GET().build());
        assertEquals("trace-12345678", reply.header("X-Request-Id"));
    }

    @Test
    void healthNeedsNoKeyAndCountsNothing() {
        var reply = api.get("/health", null);
        assertEquals(200, reply.status());
        assertEquals("up", reply.data().get("status").getStringValue());
        assertEquals(null, reply.body().get("rateLimit"));
    }

    /** A load balancer's probe may send any Accept: the health check answers it, in JSON. */
    @ParameterizedTest
    @ValueSource(strings = {"text/plain", "text/html", "application/xml"})
    void healthAnswersWhateverTheAccept(String accept) {
        var reply = api.send(java.net.http.HttpRequest.newBuilder(server.getURI().resolve("/health"))
                .header("Accept", accept).GET().build());
        assertEquals(200, reply.status(), reply.raw().body());
        assertTrue(reply.header("Content-Type").startsWith("application/json"), reply.header("Content-Type"));
        assertEquals("up", reply.data().get("status").getStringValue());
    }

    /** HEAD is GET without the body: the same status and Content-Type (raw client: the spec lists no HEAD operations). */
    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/domains?perPage=1", "/health"})
    void headHasTheContentTypeOfGet(String path) throws Exception {
        var http = java.net.http.HttpClient.newHttpClient();
        var request = java.net.http.HttpRequest.newBuilder(server.getURI().resolve(path)).header("Authorization", "Bearer " + key);
        var get = http.send(request.GET().build(), java.net.http.HttpResponse.BodyHandlers.discarding());
        var head = http.send(request.method("HEAD", java.net.http.HttpRequest.BodyPublishers.noBody()).build(),
                java.net.http.HttpResponse.BodyHandlers.discarding());
        assertEquals(200, head.statusCode());
        assertEquals(get.headers().firstValue("Content-Type"), head.headers().firstValue("Content-Type"));
    }

    @Test
    void aliasServesTheSameAsCanonical() {
        var canonical = api.get("/api/v1/domains?perPage=3&sort=-price", key);
        var alias = api.get("/v1/domains?perPage=3&sort=-price", key);
        assertEquals(200, alias.status());
        assertEquals(canonical.data().toString(), alias.data().toString());
        assertEquals(canonical.remaining() - 1, alias.remaining());
    }
}
