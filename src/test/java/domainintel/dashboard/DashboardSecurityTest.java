package domainintel.dashboard;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import domainintel.support.Api;
import domainintel.support.DashboardSession;
import domainintel.support.MutableClock;
import domainintel.support.TempDataDir;
import io.micronaut.context.annotation.Property;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The dashboard's defences, over real HTTP against DynamoDB Local: CSRF, sessions, throttling, secrets at rest. */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DashboardSecurityTest implements TempDataDir {
    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    MutableClock clock;
    @Property(name = "data-dir")
    String dataDir;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> properties = new HashMap<>(TempDataDir.super.getProperties());
        properties.put("dashboard.cookie-secure", "false"); // plain-HTTP test client
        properties.put("webhooks.allow-private-targets", "true"); // a loopback webhook target
        return properties;
    }

    @AfterEach
    void releaseClock() {
        clock.release();
    }

    private DashboardSession signedUp(String password) {
        DashboardSession session = new DashboardSession(server.getURI());
        HttpResponse<String> signedUp = session.signUp(UUID.randomUUID() + "@example.com", password);
        assertEquals(303, signedUp.statusCode(), signedUp.body());
        assertTrue(session.cookies().containsKey(Dashboard.SESSION_COOKIE));
        return session;
    }

    private static int keyRows(DashboardSession session) {
        return session.get("/dashboard/keys").body().split("data-key-id=", -1).length - 1;
    }

    @Test
    void aStateChangeWithoutItsCsrfTokenIsRefused() {
        DashboardSession session = signedUp("correct horse battery");
        assertEquals(403, session.postForm("/dashboard/keys", Map.of("name", "no token"), null).statusCode());
        assertEquals(403, session.postForm("/dashboard/keys", Map.of("name", "forged"), "forged-token").statusCode());
        // A token from another session is no good either.
        String othersToken = signedUp("another password").csrfToken("/dashboard/keys");
        assertEquals(403, session.postForm("/dashboard/keys", Map.of("name", "other's"), othersToken).statusCode());
        // No content type at all (which the content-type-matched CSRF filter would not look at).
        var bare = session.send(java.net.http.HttpRequest.newBuilder(server.getURI().resolve("/dashboard/keys"))
                .POST(java.net.http.HttpRequest.BodyPublishers.noBody()));
        assertEquals(403, bare.statusCode());
        assertEquals(403, session.postForm("/dashboard/signout", Map.of(), null).statusCode());
        assertEquals(403, session.postForm("/dashboard/webhooks", Map.of("url", "https://example.com/hook", "events", "domain.listed"), null).statusCode());
        assertEquals(0, keyRows(session));

        session.createKey("with token");
        assertEquals(1, keyRows(session));
    }

    @Test
    void aStolenSessionCookieDoesNotSurviveSignOut() {
        DashboardSession owner = signedUp("correct horse battery");
        DashboardSession thief = new DashboardSession(server.getURI());
        thief.cookies().putAll(owner.cookies());
        assertEquals(200, thief.get("/dashboard/keys").statusCode());

        HttpResponse<String> signedOut = owner.postForm("/dashboard/signout", Map.of(), owner.csrfToken("/dashboard/keys"));
        assertEquals(Dashboard.SIGN_IN, signedOut.headers().firstValue("HX-Redirect").orElse(null));
        assertFalse(owner.cookies().containsKey(Dashboard.SESSION_COOKIE), "the browser's cookie is cleared");

        HttpResponse<String> replayed = thief.get("/dashboard/keys");
        assertEquals(303, replayed.statusCode());
        assertEquals(Dashboard.SIGN_IN, replayed.headers().firstValue("Location").orElse(null));
    }

    @Test
    void anUnsignedOrReSignedSessionTokenIsRefused() {
        DashboardSession owner = signedUp("correct horse battery");
        String[] parts = owner.cookies().get(Dashboard.SESSION_COOKIE).split("\\.");
        String unsigned = Base64.getUrlEncoder().withoutPadding().encodeToString("{\"alg\":\"none\"}".getBytes(StandardCharsets.UTF_8))
                + "." + parts[1] + ".";
        DashboardSession forger = new DashboardSession(server.getURI());
        forger.cookies().put(Dashboard.SESSION_COOKIE, unsigned);
        assertEquals(303, forger.get("/dashboard/keys").statusCode());
        forger.cookies().put(Dashboard.SESSION_COOKIE, parts[0] + "." + parts[1] + ".AAAA" + parts[2].substring(4));
        assertEquals(303, forger.get("/dashboard/keys").statusCode());
    }

    @Test
    void anAccountSeesAndRevokesOnlyItsOwnKeys() {
        DashboardSession alice = signedUp("alice's password");
        String aliceKey = alice.createKey("alice prod");
        String aliceKeyId = alice.get("/dashboard/keys").body().replaceAll("(?s).*data-key-id=\"(key_[0-9A-Za-z]+)\".*", "$1");
        DashboardSession bob = signedUp("bob's password!");
        assertEquals(0, keyRows(bob));
        assertFalse(bob.get("/dashboard/keys").body().contains(aliceKeyId));

        HttpResponse<String> attempt = bob.postForm("/dashboard/keys/" + aliceKeyId + "/revoke", Map.of(), bob.csrfToken("/dashboard/keys"));
        assertTrue(attempt.body().contains("No such active key"), attempt.body());
        Api api = new Api(server.getURI(), json);
        assertEquals(200, api.get("/api/v1/domains?perPage=1", aliceKey).status());
    }

    private static void makeEnterprise(Api api, String key) {
        String account = api.get("/api/v1/usage", key).data().get("usage").get("account").getStringValue();
        assertEquals(200, api.send("PUT", "/admin/v1/accounts/" + account, Api.ADMIN_TOKEN, "application/json",
                "{\"tier\":\"enterprise\"}").status());
    }

    @Test
    void webhooksAreForEnterpriseAccountsOnly() {
        DashboardSession session = signedUp("sovereign password");
        String key = session.createKey("k");
        HttpResponse<String> page = session.get("/dashboard/webhooks");
        assertTrue(page.body().contains("Enterprise only") && !page.body().contains("id=\"webhook-form\""), page.body());
        HttpResponse<String> refused = session.postForm("/dashboard/webhooks",
                Map.of("url", "http://127.0.0.1:9/hooks", "events", "domain.listed"), session.csrfToken("/dashboard/webhooks"));
        assertEquals(403, refused.statusCode());
        makeEnterprise(new Api(server.getURI(), json), key);
        assertTrue(session.get("/dashboard/webhooks").body().contains("id=\"webhook-form\""));
        assertTrue(session.createWebhook("http://127.0.0.1:9/hooks").startsWith("whsec_"));
    }

    @Test
    void tenWrongPasswordsInARowSlowTheNextAttemptsDown() {
        String email = "throttled-" + UUID.randomUUID() + "@example.com";
        DashboardSession session = new DashboardSession(server.getURI());
        assertEquals(303, session.signUp(email, "the right password").statusCode());
        for (int i = 0; i < 10; i++) {
            assertEquals(401, new DashboardSession(server.getURI()).signIn(email, "wrong password " + i).statusCode());
        }
        // Even the right password is refused for a while now...
        HttpResponse<String> refused = new DashboardSession(server.getURI()).signIn(email, "the right password");
        assertEquals(429, refused.statusCode());
        assertTrue(refused.body().contains("Too many failed sign-ins"), refused.body());
        long retryAfter = Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow());
        assertTrue(retryAfter > 60 && retryAfter <= 15 * 60, "Retry-After " + retryAfter);
        // ...from this address, for other accounts too...
        assertEquals(429, new DashboardSession(server.getURI()).signIn("someone-else@example.com", "whatever").statusCode());
        // ...and no longer once the lockout has passed.
        clock.pin(clock.instant().plus(Duration.ofMinutes(16)));
        DashboardSession later = new DashboardSession(server.getURI());
        assertEquals(303, later.signIn(email, "the right password").statusCode());
        assertNotNull(later.cookies().get(Dashboard.SESSION_COOKIE));
    }

    @Test
    void passwordsAndKeySecretsAppearNowhereInTheDataDirectoryOrTheLogs() throws IOException {
        ListAppender<ILoggingEvent> logs = new ListAppender<>();
        Logger root = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
        Level rootLevel = root.getLevel();
        root.setLevel(Level.DEBUG);
        logs.start();
        root.addAppender(logs);
        String password = "pw-" + UUID.randomUUID();
        String secret;
        String webhookSecret;
        String sessionToken;
        try {
            DashboardSession session = signedUp(password);
            sessionToken = session.cookies().get(Dashboard.SESSION_COOKIE);
            secret = session.createKey("secret-scan");
            Api api = new Api(server.getURI(), json);
            assertEquals(200, api.get("/api/v1/domains?perPage=1", secret).status());
            new DashboardSession(server.getURI()).signIn("nobody@example.com", password); // a failed sign-in too
            makeEnterprise(api, secret);
            webhookSecret = session.createWebhook("http://127.0.0.1:9/hooks");
        } finally {
            root.detachAppender(logs);
            root.setLevel(rootLevel);
        }
        List<String> leaks = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of(dataDir))) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String content = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                if (content.contains(password) || content.contains(secret) || content.contains(webhookSecret)) {
                    leaks.add(file.toString());
                }
            }
        }
        for (ILoggingEvent event : logs.list) {
            String line = event.getFormattedMessage() + (event.getThrowableProxy() == null ? "" : event.getThrowableProxy().getMessage());
            // The session cookie is a bearer credential too: Micronaut's event publisher printed it at DEBUG.
            if (line.contains(password) || line.contains(secret) || line.contains(webhookSecret) || line.contains(sessionToken)) {
                leaks.add("log: " + line);
            }
        }
        assertTrue(leaks.isEmpty(), "secrets found in " + leaks);
        assertNotEquals(0, logs.list.size(), "the log capture saw nothing: the check would prove nothing");
    }
}
