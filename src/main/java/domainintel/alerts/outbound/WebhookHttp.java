package domainintel.alerts.outbound;

import domainintel.alerts.WebhookProperties;
import io.micronaut.core.annotation.Nullable;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.apache.http.Header;
import org.apache.http.client.config.RequestConfig;
import org.apache.http.client.methods.HttpPost;
import org.apache.http.client.utils.DateUtils;
import org.apache.http.entity.ByteArrayEntity;
import org.apache.http.entity.ContentType;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.impl.client.HttpClients;
import org.apache.http.impl.conn.PoolingHttpClientConnectionManager;
import org.apache.http.HttpEntity;
import org.apache.http.conn.ConnectTimeoutException;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Date;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Sends one signed delivery. Apache HttpClient resolves the host through {@link TargetGuard}, so
 * the connection goes to an address that was just checked and no other (TLS SNI and certificate
 * checks still use the host name); redirects are not followed; 15 seconds at most per attempt
 * (connect, read, and the whole exchange); no automatic retries (the schedule decides).
 */
@Singleton
public class WebhookHttp {
    static final int MAX_RESPONSE_BYTES = 64 * 1024;
    static final int MAX_CONNECTIONS = 128;
    private static final ScheduledExecutorService DEADLINES = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread t = new Thread(runnable, "webhook-deadlines");
        t.setDaemon(true);
        return t;
    });

    /**
     * How much longer than the documented timeout an attempt may run before it is cut off: a receiver
     * that answers within the timeout is counted as answering (and sent the event once), whatever
     * the network adds on the way back.
     */
    static final Duration GRACE = Duration.ofSeconds(5);

    private final CloseableHttpClient http;
    private final Clock clock;
    private final Duration timeout;
    private final Duration cutoff;

    public WebhookHttp(TargetGuard guard, Clock clock, WebhookProperties properties) {
        this.clock = clock;
        this.timeout = properties.timeout();
        this.cutoff = timeout.plus(GRACE);
        int timeoutMs = (int) cutoff.toMillis();
        RequestConfig timeouts = RequestConfig.custom()
                .setConnectTimeout(timeoutMs).setSocketTimeout(timeoutMs).setConnectionRequestTimeout(timeoutMs)
                .setRedirectsEnabled(false).build();
        PoolingHttpClientConnectionManager connections = new PoolingHttpClientConnectionManager(
                org.apache.http.config.RegistryBuilder.<org.apache.http.conn.socket.ConnectionSocketFactory>create()
                        .register("http", org.apache.http.conn.socket.PlainConnectionSocketFactory.getSocketFactory())
                        .register("https", org.apache.http.conn.ssl.SSLConnectionSocketFactory.getSocketFactory())
                        .build(),
                null, null, guard::resolve, -1, TimeUnit.MILLISECONDS);
        // As many connections as delivery threads, to any one host: webhooks that share a receiver host
        // must not wait for each other's connections (each webhook is held to its own few attempts instead).
        connections.setMaxTotal(MAX_CONNECTIONS);
        connections.setDefaultMaxPerRoute(MAX_CONNECTIONS);
        this.http = HttpClients.custom()
                .setConnectionManager(connections)
                .setDefaultRequestConfig(timeouts)
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .setUserAgent("DomainIntelligence-Webhooks/1")
                .build();
    }

    /** What one attempt came to: a status code, or none and an error; and a {@code Retry-After} if sent. */
    public record Outcome(@Nullable Integer statusCode, @Nullable String error, @Nullable Duration retryAfter, long durationMs) {
        public boolean delivered() {
            return statusCode != null && statusCode >= 200 && statusCode < 300;
        }
    }

    public Outcome post(URI target, String messageId, String secret, byte[] body) {
        long timestamp = clock.instant().getEpochSecond();
        HttpPost post = new HttpPost(target);
        post.setHeader("webhook-id", messageId);
        post.setHeader("webhook-timestamp", Long.toString(timestamp));
        post.setHeader("webhook-signature", WebhookSigner.sign(secret, messageId, timestamp, body));
        post.setEntity(new ByteArrayEntity(body, ContentType.APPLICATION_JSON));
        long start = System.nanoTime();
        // The socket timeouts bound each wait; this bounds the whole attempt (a receiver dripping bytes).
        AtomicBoolean deadlineHit = new AtomicBoolean();
        ScheduledFuture<?> deadline = DEADLINES.schedule(() -> {
            deadlineHit.set(true);
            post.abort();
        }, cutoff.toMillis(), TimeUnit.MILLISECONDS);
        try (var response = http.execute(post)) {
            int status = response.getStatusLine().getStatusCode();
            discardBody(response.getEntity(), post);
            Duration retryAfter = status == 429 || status == 503 ? retryAfter(response.getFirstHeader("Retry-After")) : null;
            String error = status >= 200 && status < 300 ? null : "HTTP " + status;
            return new Outcome(status, error, retryAfter, elapsedMs(start));
        } catch (TargetGuard.RefusedTarget refused) {
            return new Outcome(null, refused.getMessage(), null, elapsedMs(start));
        } catch (IOException e) {
            if (deadlineHit.get() || e instanceof SocketTimeoutException || e instanceof ConnectTimeoutException) {
                return new Outcome(null, "timed out after " + timeout.toSeconds() + " s", null, elapsedMs(start));
            }
            return new Outcome(null, failure(e), null, elapsedMs(start));
        } catch (RuntimeException e) {
            // Anything else the client throws (a target it cannot even try) is a failed attempt like any
            // other: recorded, retried on the schedule, dead-lettered at the end; never left pending unattempted.
            return new Outcome(null, "the request could not be sent to this URL", null, elapsedMs(start));
        } finally {
            deadline.cancel(false);
        }
    }

    /** The longest one attempt can take: the documented timeout and the grace. */
    public Duration cutoff() {
        return cutoff;
    }

    /** The failure in the receiver's terms (shown in the delivery log), not the client library's. */
    static String failure(IOException e) {
        if (e instanceof java.net.UnknownHostException) {
            return "the host does not resolve";
        }
        if (e instanceof java.net.ConnectException || e instanceof org.apache.http.conn.HttpHostConnectException) {
            return "connection refused";
        }
        if (e instanceof javax.net.ssl.SSLException) {
            return "TLS handshake failed";
        }
        if (e instanceof org.apache.http.NoHttpResponseException) {
            return "the receiver closed the connection without a response";
        }
        return "connection failed";
    }

    /** Reads a small response body so the connection can be reused; a large one is cut off instead. */
    private static void discardBody(HttpEntity entity, HttpPost post) throws IOException {
        if (entity == null) {
            return;
        }
        InputStream in = entity.getContent();
        if (in.readNBytes(MAX_RESPONSE_BYTES).length == MAX_RESPONSE_BYTES) {
            post.abort();
        }
        in.close();
    }

    /** {@code Retry-After} as seconds or an HTTP date; null when absent or unreadable. */
    @Nullable
    Duration retryAfter(@Nullable Header header) {
        if (header == null || header.getValue() == null) {
            return null;
        }
        String value = header.getValue().trim();
        try {
            return Duration.ofSeconds(Math.max(0, Long.parseLong(value)));
        } catch (NumberFormatException notSeconds) {
            Date date = DateUtils.parseDate(value);
            if (date == null) {
                return null;
            }
            Duration until = Duration.between(clock.instant(), date.toInstant());
            return until.isNegative() ? Duration.ZERO : until;
        }
    }

    private static long elapsedMs(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    @PreDestroy
    void close() throws IOException {
        http.close();
    }
}
