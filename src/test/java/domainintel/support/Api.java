package domainintel.support;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A plain HTTP client for tests: real requests over loopback, answers inspected as status, headers
 * and JSON, with no client-side error handling in the way. Every answer is first checked against the
 * OpenAPI spec ({@link ContractCheck}), so the whole suite is also the contract test.
 */
public final class Api {
    public static final String ADMIN_TOKEN = "test-admin-token-0123456789";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final URI base;
    private final JsonMapper json;

    public Api(URI base, JsonMapper json) {
        this.base = base;
        this.json = json;
    }

    public record Reply(int status, HttpResponse<String> raw, JsonNode body) {
        public String header(String name) {
            return raw.headers().firstValue(name).orElse(null);
        }

        public String errorCode() {
            return body.get("error").get("code").getStringValue();
        }

        public JsonNode data() {
            return body.get("data");
        }

        public long remaining() {
            return body.get("rateLimit").get("remaining").getLongValue();
        }
    }

    public Reply get(String path, String bearer) {
        return send(request(path, bearer).GET().build());
    }

    public Reply send(String method, String path, String bearer, String contentType, String body) {
        HttpRequest.Builder b = request(path, bearer)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        return send(b.build());
    }

    public Reply postJson(String path, String bearer, String body) {
        return send("POST", path, bearer, "application/json", body);
    }

    /** Creates a key through the admin API and returns its secret. */
    public String createKey(String tier, String owner) {
        String body = owner == null ? "{\"tier\":\"" + tier + "\"}" : "{\"tier\":\"" + tier + "\",\"owner\":\"" + owner + "\"}";
        Reply reply = postJson("/admin/v1/keys", ADMIN_TOKEN, body);
        if (reply.status() != 201) {
            throw new IllegalStateException("key creation failed: " + reply.raw().body());
        }
        return reply.data().get("key").getStringValue();
    }

    private HttpRequest.Builder request(String path, String bearer) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30));
        if (bearer != null) {
            b.header("Authorization", "Bearer " + bearer);
        }
        return b;
    }

    public Reply send(HttpRequest request) {
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            ContractCheck.verify(request.method(), request.uri().getRawPath(), response);
            boolean isJson = response.headers().firstValue("Content-Type").orElse("").contains("json");
            JsonNode node = response.body().isEmpty() || !isJson ? null : json.readValue(response.body(), JsonNode.class);
            return new Reply(response.statusCode(), response, node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
