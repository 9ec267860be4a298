package domainintel.faults;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import domainintel.access.AdminAuthFilter;
import domainintel.support.Api;
import domainintel.support.TempDataDir;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The edges an outsider reaches first: security headers on every kind of response, over-long
 * request lines and headers, foreign origins, guessed admin tokens, and connections that send too
 * little too slowly. Each answer is checked as the envelope with its code and request id.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EdgesTest implements TempDataDir {
    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;

    @Override
    public Map<String, String> getProperties() {
        return withProperties(Map.of("server.request-head-timeout", "1s", "webhooks.allow-private-targets", "true"));
    }

    private Api api() {
        return new Api(server.getURI(), json);
    }

    static void assertEnvelope(Api.Reply reply, int status, String code) {
        assertEquals(status, reply.status(), reply.raw().body());
        assertNotNull(reply.body(), "a JSON body");
        assertFalse(reply.body().get("success").getBooleanValue());
        assertEquals(code, reply.errorCode());
        assertNotNull(reply.header("X-Request-Id"));
        assertEquals(reply.header("X-Request-Id"), reply.body().get("error").get("requestId").getStringValue());
        assertSecurityHeaders(reply);
    }

    static void assertSecurityHeaders(Api.Reply reply) {
        assertEquals("nosniff", reply.header("X-Content-Type-Options"));
        assertTrue(reply.header("Strict-Transport-Security").startsWith("max-age="));
        assertEquals("no-store", reply.header("Cache-Control"));
    }

    @Test
    void everyKindOfResponseCarriesTheSecurityHeaders() {
        Api api = api();
        Api.Reply created = api.postJson("/admin/v1/keys", Api.ADMIN_TOKEN, "{\"tier\":\"sovereign\"}");
        assertEquals(201, created.status());
        assertSecurityHeaders(created); // carries a key's secret
        String key = created.data().get("key").getStringValue();
        assertSecurityHeaders(api.get("/health", null));
        assertSecurityHeaders(api.get("/api/v1/domains", key));
        assertEnvelope(api.get("/api/v1/domains", null), 401, "missing_api_key");
        assertEnvelope(api.get("/no/such/route", null), 404, "not_found");
    }

    @Test
    void overLongRequestLineIs414InTheEnvelope() {
        assertEnvelope(api().get("/api/v1/domains?q=" + "a".repeat(10_000), null), 414, "uri_too_long");
    }

    @Test
    void overLongHeadersAre431InTheEnvelope() {
        Api.Reply reply = api().send(HttpRequest.newBuilder(server.getURI().resolve("/health"))
                .header("X-Padding", "b".repeat(20_000)).GET().build());
        assertEnvelope(reply, 431, "headers_too_large");
    }

    @Test
    void foreignOriginIsRefusedInTheEnvelope() {
        Api.Reply reply = api().send(HttpRequest.newBuilder(server.getURI().resolve("/health"))
                .header("Origin", "https://attacker.example").GET().build());
        assertEnvelope(reply, 403, "origin_not_allowed");
    }

    @Test
    void webhookPortOutOfRangeIsRefused() {
        Api api = api();
        String key = api.createKey("enterprise", "ports");
        for (String port : new String[]{"99999", "0", "65536"}) {
            assertEnvelope(api.postJson("/api/v1/webhooks", key,
                    "{\"url\":\"http://127.0.0.1:" + port + "/hook\",\"events\":[\"domain.price_dropped\"]}"), 400, "invalid_webhook_url");
        }
    }

    @Test
    @Order(Integer.MAX_VALUE) // last: it leaves this client's address throttled for the other tests' admin calls
    void guessedAdminTokensAreThrottledAndLoggedWithoutTheToken() {
        Logger logger = (Logger) LoggerFactory.getLogger(AdminAuthFilter.class);
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        logger.addAppender(logged);
        try {
            Api api = api();
            String guess = "guess-0123456789-secret";
            int refused = 0;
            Api.Reply last = null;
            for (int i = 0; i < 15; i++) {
                last = api.send(HttpRequest.newBuilder(server.getURI().resolve("/admin/v1/keys"))
                        .header("Authorization", "Bearer " + guess + i).GET().build());
                if (last.status() == 429) {
                    refused++;
                } else {
                    assertEnvelope(last, 401, "invalid_api_key");
                }
            }
            assertEquals(15 - 10, refused, "after 10 failures in a minute the address is throttled");
            assertEnvelope(last, 429, "too_many_attempts");
            assertNotNull(last.header("Retry-After"));
            // The right token from the throttled address waits too: guessing cannot continue by luck.
            assertEquals(429, api.get("/admin/v1/keys", Api.ADMIN_TOKEN).status());
            assertEquals(10, logged.list.size());
            for (ILoggingEvent event : logged.list) {
                assertFalse(event.getFormattedMessage().contains(guess), event.getFormattedMessage());
                assertTrue(event.getFormattedMessage().contains("127.0.0.1"), event.getFormattedMessage());
            }
        } finally {
            logger.detachAppender(logged);
        }
    }

    @Test
    void aConnectionThatSendsNothingIsClosed() throws IOException {
        try (Socket socket = new Socket(server.getHost(), server.getPort())) {
            socket.setSoTimeout(10_000);
            long start = System.nanoTime();
            assertEquals(-1, readOrClosed(socket.getInputStream()));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms < 5_000, "closed after " + ms + " ms");
        }
    }

    @Test
    void aHeaderDrippedByteByByteIsCutOff() throws Exception {
        try (Socket socket = new Socket(server.getHost(), server.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            byte[] head = ("GET /health HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + "z".repeat(100)).getBytes(StandardCharsets.US_ASCII);
            long start = System.nanoTime();
            boolean cut = false;
            for (byte b : head) {
                try {
                    out.write(b);
                    out.flush();
                } catch (SocketException closed) {
                    cut = true;
                    break;
                }
                Thread.sleep(50); // far quicker than any idle timeout, far slower than a client
                if ((System.nanoTime() - start) / 1_000_000 > 8_000) {
                    break;
                }
            }
            if (!cut) {
                cut = readOrClosed(socket.getInputStream()) == -1;
            }
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(cut, "the connection was cut off");
            assertTrue(ms < 8_000, "cut after " + ms + " ms");
        }
    }

    private static int readOrClosed(InputStream in) throws IOException {
        try {
            return in.read();
        } catch (SocketException reset) {
            return -1;
        }
    }
}
