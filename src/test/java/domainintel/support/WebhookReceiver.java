package domainintel.support;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;

/**
 * A real HTTP receiver on loopback for webhook tests: records every request (headers, body, arrival
 * time) and answers with a scripted status per request number (1-based), optionally with headers.
 */
public final class WebhookReceiver implements AutoCloseable {
    public record Received(String path, String webhookId, String timestamp, String signature, String body, Instant at) {
    }

    public record Answer(int status, Map<String, String> headers) {
        public static Answer of(int status) {
            return new Answer(status, Map.of());
        }
    }

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private volatile IntFunction<Answer> script = n -> Answer.of(200);
    private final Map<String, Duration> delays = new java.util.concurrent.ConcurrentHashMap<>();

    public WebhookReceiver() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newFixedThreadPool(32));
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            int n;
            synchronized (received) {
                received.add(new Received(exchange.getRequestURI().getPath(),
                        exchange.getRequestHeaders().getFirst("webhook-id"),
                        exchange.getRequestHeaders().getFirst("webhook-timestamp"),
                        exchange.getRequestHeaders().getFirst("webhook-signature"),
                        new String(body, StandardCharsets.UTF_8), Instant.now()));
                n = received.size();
            }
            Duration delay = delays.get(exchange.getRequestURI().getPath());
            if (delay != null) {
                try {
                    Thread.sleep(delay.toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            Answer answer = script.apply(n);
            answer.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
            exchange.sendResponseHeaders(answer.status(), -1);
            exchange.close();
        });
        server.start();
    }

    /** Answers by request number (1-based, counted over all paths). */
    public WebhookReceiver answering(IntFunction<Answer> script) {
        this.script = script;
        return this;
    }

    /** Answers requests to {@code path} only after {@code delay} (a slow receiver). */
    public WebhookReceiver delaying(String path, Duration delay) {
        delays.put(path, delay);
        return this;
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    public List<Received> received() {
        return new ArrayList<>(received);
    }

    public List<Received> received(String path) {
        return received.stream().filter(r -> r.path().equals(path)).toList();
    }

    /**
     * Waits (up to a minute) for a condition that deliveries make true; fails the test otherwise.
     * A condition that throws (it read a log the worker has not written yet) counts as not yet true;
     * on timeout the last such failure is the cause. Polls back off to a quarter second, so a long wait
     * does not load the server (nor spend a key's quota) it is waiting for.
     */
    public static void await(BooleanSupplier condition, String what) {
        await(condition, what, Duration.ofSeconds(60));
    }

    /** {@link #await(BooleanSupplier, String)} with a longer limit, for a backlog whose size the test does not fix. */
    public static void await(BooleanSupplier condition, String what, Duration limit) {
        Instant deadline = Instant.now().plus(limit);
        long pause = 50;
        Throwable last = null;
        while (true) {
            try {
                if (condition.getAsBoolean()) {
                    return;
                }
            } catch (RuntimeException | AssertionError notYet) {
                last = notYet;
            }
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("timed out waiting for: " + what, last);
            }
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            pause = Math.min(pause * 2, 250);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }
}
