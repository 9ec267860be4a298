package domainintel.access;

import domainintel.accounts.AccountsTable;
import domainintel.aws.DynamoDbCallCounter;
import domainintel.support.Api;
import domainintel.support.MutableClock;
import domainintel.support.TempDataDir;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Keys, tiers and the daily quota, through real HTTP to DynamoDB Local: one test per status. */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AccessTest implements TempDataDir {
    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    MutableClock clock;
    @Inject
    DynamoDbCallCounter calls;
    @Inject
    ApiKeysTable keysTable;
    @Inject
    AccountsTable accountsTable;
    Api api;

    @BeforeEach
    void setUp() {
        api = new Api(server.getURI(), json);
    }

    @AfterEach
    void releaseClock() {
        clock.release();
    }

    @Test
    void firstRequestOfTheDayLeaves499WithHeadersAndBody() {
        String key = api.createKey("sovereign", null);
        var reply = api.get("/api/v1/domains?perPage=1", key);
        assertEquals(200, reply.status());
        assertTrue(reply.body().get("success").getBooleanValue());
        assertEquals(500, reply.body().get("rateLimit").get("limit").getLongValue());
        assertEquals(499, reply.remaining());
        assertTrue(reply.body().get("rateLimit").get("resetAt").getStringValue().endsWith("T00:00:00Z"));
        assertEquals("\"daily\";q=500;w=86400", reply.header("RateLimit-Policy"));
        assertTrue(reply.header("RateLimit").startsWith("\"daily\";r=499;t="), reply.header("RateLimit"));
        assertNotNull(reply.header("X-Request-Id"));
    }

    @Test
    void enterpriseKeyHasAThousand() {
        String key = api.createKey("enterprise", null);
        var reply = api.get("/api/v1/test/enterprise", key);
        assertEquals(200, reply.status());
        assertEquals(1000, reply.body().get("rateLimit").get("limit").getLongValue());
        assertEquals(999, reply.remaining());
    }

    @Test
    void missingKeyIs401() {
        var reply = api.get("/api/v1/domains", null);
        assertEquals(401, reply.status());
        assertEquals("missing_api_key", reply.errorCode());
        assertNull(reply.body().get("rateLimit"));
        assertEquals(reply.header("X-Request-Id"), reply.body().get("error").get("requestId").getStringValue());
    }

    @Test
    void nonBearerAuthorizationIs401Missing() {
        var reply = api.send("GET", "/api/v1/domains", null, null, null);
        assertEquals("missing_api_key", reply.errorCode());
        var basic = new Api(server.getURI(), json).send(
                java.net.http.HttpRequest.newBuilder(server.getURI().resolve("/api/v1/domains"))
                        .header("Authorization", "Basic dXNlcjpwYXNz").GET().build());
        assertEquals(401, basic.status());
        assertEquals("missing_api_key", basic.errorCode());
    }

    @Test
    void unknownKeyIs401Invalid() {
        var reply = api.get("/api/v1/domains", ApiKeySecrets.newKey(ApiKeySecrets.newAccountId()));
        assertEquals(401, reply.status());
        assertEquals("invalid_api_key", reply.errorCode());
        var malformed = api.get("/api/v1/domains", "not-a-key");
        assertEquals("invalid_api_key", malformed.errorCode());
    }

    /** Which of two keys would pay is a guess: two Authorization headers are refused, and neither key is charged. */
    @Test
    void twoAuthorizationHeadersAre401Invalid() {
        String first = api.createKey("sovereign", null);
        String second = api.createKey("sovereign", null);
        var reply = api.send(java.net.http.HttpRequest.newBuilder(server.getURI().resolve("/api/v1/domains?perPage=1"))
                .header("Authorization", "Bearer " + first).header("Authorization", "Bearer " + second).GET().build());
        assertEquals(401, reply.status(), reply.raw().body());
        assertEquals("invalid_api_key", reply.errorCode());
        assertNull(reply.body().get("rateLimit"));
        assertEquals(499, api.get("/api/v1/domains?perPage=1", first).remaining());
        assertEquals(499, api.get("/api/v1/domains?perPage=1", second).remaining());
    }

    @Test
    void anAuthenticatedRequestIsOneDynamoDbCall() {
        String key = api.createKey("enterprise", null);
        String sovereign = api.createKey("sovereign", null);
        long before = calls.calls(accountsTable.name());
        long keyRecordsBefore = calls.calls(keysTable.name());
        for (int i = 0; i < 10; i++) {
            assertEquals(200, api.get("/api/v1/test/enterprise", key).status());
        }
        assertEquals(403, api.get("/api/v1/test/enterprise", sovereign).status());
        // Ten admitted, one refused: each a single call, on the key's account item; none on the key records.
        assertEquals(11, calls.calls(accountsTable.name()) - before);
        assertEquals(0, calls.calls(keysTable.name()) - keyRecordsBefore);
    }

    @Test
    void theKeyIsCheckedBeforeTheBodyIsRead() {
        String malformed = "{\"domain\": ";
        var noKey = api.postJson("/api/v1/valuations", null, malformed);
        assertEquals(401, noKey.status());
        assertEquals("missing_api_key", noKey.errorCode());
        var unknownKey = api.postJson("/api/v1/valuations", ApiKeySecrets.newKey(ApiKeySecrets.newAccountId()), malformed);
        assertEquals(401, unknownKey.status());
        assertEquals("invalid_api_key", unknownKey.errorCode());
        var validKey = api.postJson("/api/v1/valuations", api.createKey("sovereign", null), malformed);
        assertEquals(400, validKey.status());
        assertEquals("invalid_request", validKey.errorCode());
    }

    /** The router refuses a wrong Content-Type or Accept before any filter; the key and tier still come first. */
    @Test
    void theKeyAndTierAreCheckedBeforeTheMediaTypes() {
        String sovereign = api.createKey("sovereign", null);
        var noKey = api.send("POST", "/api/v1/valuations", null, "text/plain", "example.com");
        assertEquals(401, noKey.status(), noKey.raw().body());
        assertEquals("missing_api_key", noKey.errorCode());
        var badKey = api.send("POST", "/v1/valuations", "not-a-key", "text/plain", "example.com");
        assertEquals(401, badKey.status(), badKey.raw().body());
        assertEquals("invalid_api_key", badKey.errorCode());
        var lowTier = api.send("POST", "/api/v1/webhooks", sovereign, "text/plain", "https://example.com/hook");
        assertEquals(403, lowTier.status(), lowTier.raw().body());
        assertEquals("insufficient_tier", lowTier.errorCode());
        assertEquals(500, lowTier.remaining());

        var csvNoKey = getAccepting("/api/v1/domains", null, "text/csv");
        assertEquals(401, csvNoKey.status(), csvNoKey.raw().body());
        assertEquals("missing_api_key", csvNoKey.errorCode());
        var csvLowTier = getAccepting("/api/v1/market/trends", sovereign, "text/csv");
        assertEquals(403, csvLowTier.status(), csvLowTier.raw().body());
        assertEquals("insufficient_tier", csvLowTier.errorCode());
        assertEquals(499, api.get("/api/v1/domains?perPage=1", sovereign).remaining(), "refusals were not counted");
    }

    /** With a valid key a wrong media type is a validation error like any other: counted, with the quota. */
    @Test
    void aWrongMediaTypeWithAValidKeyCountsAndCarriesTheQuota() {
        String key = api.createKey("sovereign", null);
        var plain = api.send("POST", "/api/v1/valuations", key, "text/plain", "example.com");
        assertEquals(415, plain.status(), plain.raw().body());
        assertEquals("unsupported_media_type", plain.errorCode());
        assertEquals(499, plain.remaining());
        assertTrue(plain.header("RateLimit").startsWith("\"daily\";r=499;"), plain.header("RateLimit"));

        var csv = getAccepting("/api/v1/domains", key, "text/csv");
        assertEquals(400, csv.status(), csv.raw().body());
        assertEquals("invalid_request", csv.errorCode());
        assertEquals(498, csv.remaining());
        assertEquals("Responses are JSON: send Accept: application/json (or leave it out).",
                csv.body().get("error").get("message").getStringValue());
        assertEquals(497, api.get("/api/v1/domains?perPage=1", key).remaining());
    }

    /** A wrong method is the router's 405 whatever the media types: no key check, not counted (docs/API.md). */
    @Test
    void aWrongMethodIs405BeforeTheMediaTypesAndUncounted() {
        String key = api.createKey("sovereign", null);
        for (String bearer : new String[]{key, null}) {
            var plain = api.send("DELETE", "/api/v1/valuations", bearer, "text/plain", "example.com");
            assertEquals(405, plain.status(), plain.raw().body());
            assertEquals("method_not_allowed", plain.errorCode());
            assertNull(plain.body().get("rateLimit"));
            var csv = api.send(java.net.http.HttpRequest.newBuilder(server.getURI().resolve("/v1/domains"))
                    .header("Accept", "text/csv").header("Content-Type", "text/plain")
                    .method("PUT", java.net.http.HttpRequest.BodyPublishers.ofString("x")).build());
            assertEquals(405, csv.status(), csv.raw().body());
            assertEquals("method_not_allowed", csv.errorCode());
        }
        assertEquals(499, api.get("/api/v1/domains?perPage=1", key).remaining(), "the 405s were not counted");
    }

    private Api.Reply getAccepting(String path, String key, String accept) {
        var request = java.net.http.HttpRequest.newBuilder(server.getURI().resolve(path)).header("Accept", accept);
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        return api.send(request.GET().build());
    }

    @Test
    void revokedKeyIs401RevokedAtOnce() {
        var created = api.postJson("/admin/v1/keys", Api.ADMIN_TOKEN, "{\"tier\":\"sovereign\",\"name\":\"to revoke\"}");
        String key = created.data().get("key").getStringValue();
        String id = created.data().get("apiKey").get("id").getStringValue();
        assertEquals(200, api.get("/api/v1/domains", key).status());

        var revoked = api.send("DELETE", "/admin/v1/keys/" + id, Api.ADMIN_TOKEN, null, null);
        assertEquals(200, revoked.status());
        assertNotNull(revoked.data().get("apiKey").get("revokedAt"));

        var reply = api.get("/api/v1/domains", key);
        assertEquals(401, reply.status());
        assertEquals("revoked_api_key", reply.errorCode());
    }

    @Test
    void sovereignKeyOnEnterpriseEndpointIs403AndNotCounted() {
        String key = api.createKey("sovereign", null);
        var refused = api.get("/api/v1/test/enterprise", key);
        assertEquals(403, refused.status());
        assertEquals("insufficient_tier", refused.errorCode());
        assertEquals(500, refused.remaining());
        assertEquals(499, api.get("/api/v1/domains", key).remaining());
    }

    @Test
    void validationErrorsCountRefusalsDoNot() {
        String key = api.createKey("sovereign", null);
        var bad = api.get("/api/v1/domains?perPage=0", key);
        assertEquals(400, bad.status());
        assertEquals(499, bad.remaining());
        api.get("/api/v1/test/enterprise", key); // 403: not counted
        assertEquals(498, api.get("/api/v1/domains", key).remaining());
    }

    @Test
    void overQuotaIs429WithRetryAfterUntilMidnightUtc() {
        clock.pin(Instant.parse("2026-03-10T23:59:00Z"));
        String key = api.createKey("sovereign", null);
        for (int i = 0; i < 500; i++) {
            assertEquals(200, api.get("/api/v1/domains?perPage=1", key).status(), "request " + (i + 1));
        }
        var refused = api.get("/api/v1/domains?perPage=1", key);
        assertEquals(429, refused.status());
        assertEquals("quota_exceeded", refused.errorCode());
        assertEquals("60", refused.header("Retry-After"));
        assertEquals(0, refused.remaining());
        assertTrue(refused.body().get("error").get("message").getStringValue().contains("2026-03-11T00:00:00Z"));

        clock.pin(Instant.parse("2026-03-11T00:00:00Z"));
        var nextDay = api.get("/api/v1/domains?perPage=1", key);
        assertEquals(200, nextDay.status());
        assertEquals(499, nextDay.remaining());
    }

    @Test
    void adminApiNeedsTheAdminToken() {
        assertEquals("missing_api_key", api.postJson("/admin/v1/keys", null, "{\"tier\":\"sovereign\"}").errorCode());
        var wrong = api.postJson("/admin/v1/keys", "wrong-token", "{\"tier\":\"sovereign\"}");
        assertEquals(401, wrong.status());
        assertEquals("invalid_api_key", wrong.errorCode());
    }

    /** The admin token comes before the media types, as the key does on the API: no token, no 415 or 400. */
    @Test
    void theAdminTokenIsCheckedBeforeTheMediaTypes() {
        var noToken = api.send("POST", "/admin/v1/keys", null, "text/plain", "tier=sovereign");
        assertEquals(401, noToken.status(), noToken.raw().body());
        assertEquals("missing_api_key", noToken.errorCode());
        var wrongToken = api.send("PUT", "/admin/v1/domains/example.com", "wrong-token", "text/plain", "price=1");
        assertEquals(401, wrongToken.status(), wrongToken.raw().body());
        assertEquals("invalid_api_key", wrongToken.errorCode());
        assertFalse(wrongToken.raw().body().contains("wrong-token"), "the token is never echoed");
        var csvAsJson = api.send("POST", "/admin/v1/sales/import", "wrong-token", "application/json", "{}");
        assertEquals(401, csvAsJson.status(), csvAsJson.raw().body());
        var listingsAsJson = api.send("POST", "/admin/v1/domains/import", null, "application/json", "{}");
        assertEquals(401, listingsAsJson.status(), listingsAsJson.raw().body());

        var acceptCsv = api.send(java.net.http.HttpRequest.newBuilder(server.getURI().resolve("/admin/v1/keys"))
                .header("Accept", "text/csv").header("Authorization", "Bearer wrong-token").GET().build());
        assertEquals(401, acceptCsv.status(), acceptCsv.raw().body());
        assertEquals("invalid_api_key", acceptCsv.errorCode());

        var withToken = api.send("POST", "/admin/v1/keys", Api.ADMIN_TOKEN, "text/plain", "tier=sovereign");
        assertEquals(415, withToken.status(), withToken.raw().body());
        assertEquals("unsupported_media_type", withToken.errorCode());
    }

    @Test
    void keyCreationValidatesAndNeverShowsTheSecretAgain() {
        var bad = api.postJson("/admin/v1/keys", Api.ADMIN_TOKEN, "{\"tier\":\"gold\"}");
        assertEquals(400, bad.status());
        assertEquals("invalid_request", bad.errorCode());
        assertTrue(bad.body().get("error").get("message").getStringValue().contains("tier"));

        var created = api.postJson("/admin/v1/keys", Api.ADMIN_TOKEN, "{\"tier\":\"enterprise\",\"name\":\"ci\",\"owner\":\"acme\"}");
        assertEquals(201, created.status());
        String secret = created.data().get("key").getStringValue();
        assertTrue(secret.matches("di_live_[0-9A-Za-z]{32,}"), secret);
        assertEquals("acme", created.data().get("apiKey").get("owner").getStringValue());
        assertTrue(secret.startsWith(created.data().get("apiKey").get("start").getStringValue()));

        var listed = api.get("/admin/v1/keys", Api.ADMIN_TOKEN);
        assertEquals(200, listed.status());
        assertFalse(listed.raw().body().contains(secret));
        assertFalse(listed.raw().body().contains(ApiKeySecrets.sha256Hex(secret)));
    }

    @Test
    void revokingAnUnknownKeyIs404() {
        var reply = api.send("DELETE", "/admin/v1/keys/key_doesnotexist", Api.ADMIN_TOKEN, null, null);
        assertEquals(404, reply.status());
        assertEquals("not_found", reply.errorCode());
    }

    @Test
    void usageReportsTheAccountsDayWithoutSpendingQuota() {
        var created = api.postJson("/admin/v1/keys", Api.ADMIN_TOKEN, "{\"tier\":\"sovereign\",\"name\":\"usage\"}");
        String key = created.data().get("key").getStringValue();
        String keyId = created.data().get("apiKey").get("id").getStringValue();
        // a clock finer than milliseconds, as the system clock is on most machines
        clock.pin(Instant.now().with(java.time.temporal.ChronoField.NANO_OF_SECOND, 294_422_512));
        api.get("/api/v1/domains?perPage=1", key);
        api.get("/api/v1/domains?perPage=1", key);
        var first = api.get("/api/v1/usage", key);
        var second = api.get("/v1/usage", key);
        assertEquals(200, second.status());
        assertEquals(498, first.remaining(), "reading the usage costs nothing");
        assertEquals(498, second.remaining());
        var usage = second.data().get("usage");
        assertEquals(created.data().get("apiKey").get("account").getStringValue(), usage.get("account").getStringValue());
        assertEquals(2, usage.get("today").get("used").getLongValue());
        assertEquals(498, usage.get("today").get("remaining").getLongValue());
        assertEquals(30, usage.get("days").size());
        assertEquals(2, usage.get("days").get(29).get("used").getLongValue(), "today is the last day");
        var keys = usage.get("keys");
        assertEquals(1, keys.size());
        assertEquals(keyId, keys.get(0).get("id").getStringValue());
        assertEquals(2, keys.get(0).get("today").getLongValue());
        assertEquals(clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MILLIS).toString(),
                keys.get(0).get("lastUsedAt").getStringValue(), "milliseconds, as every other timestamp");
        assertEquals(401, api.get("/api/v1/usage", null).status());
    }

    @Test
    void anOperatorMovesAnAccountToEnterpriseForAllItsKeys() {
        var created = api.postJson("/admin/v1/keys", Api.ADMIN_TOKEN, "{\"tier\":\"sovereign\"}");
        String key = created.data().get("key").getStringValue();
        String account = created.data().get("apiKey").get("account").getStringValue();
        assertEquals(403, api.get("/api/v1/test/enterprise", key).status());

        var moved = api.send("PUT", "/admin/v1/accounts/" + account, Api.ADMIN_TOKEN, "application/json", "{\"tier\":\"enterprise\"}");
        assertEquals(200, moved.status());
        assertEquals("enterprise", moved.data().get("account").get("tier").getStringValue());
        var now = api.get("/api/v1/test/enterprise", key);
        assertEquals(200, now.status());
        assertEquals(1000, now.body().get("rateLimit").get("limit").getLongValue());

        assertEquals(404, api.send("PUT", "/admin/v1/accounts/acc_0000000000000000", Api.ADMIN_TOKEN, "application/json",
                "{\"tier\":\"enterprise\"}").status());
        assertEquals(400, api.send("PUT", "/admin/v1/accounts/" + account, Api.ADMIN_TOKEN, "application/json",
                "{\"tier\":\"gold\"}").status());
        assertEquals(401, api.send("PUT", "/admin/v1/accounts/" + account, "wrong-token", "application/json",
                "{\"tier\":\"enterprise\"}").status());
    }
}
