package domainintel.aws;

import io.micronaut.core.io.buffer.ByteBufferFactory;
import io.micronaut.http.ByteBodyHttpResponse;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.body.ByteBodyFactory;
import io.micronaut.http.body.CloseableAvailableByteBody;
import io.micronaut.http.client.RawHttpClient;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import software.amazon.awssdk.http.SdkHttpFullResponse;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.async.AsyncExecuteRequest;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.http.async.SdkAsyncHttpResponseHandler;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The AWS SDK's asynchronous HTTP client on Micronaut's Netty HTTP client (its raw exchange: no codecs,
 * no client filters), whose connections live on the server's own event loops. With the pool's
 * connection locality enforced, a request that the server reads on event loop X sends its DynamoDB
 * call on a connection of X and is answered on X: no thread hand-off at all, where the SDK's own
 * Netty client took two (into its event loop and back) on event loops of its own.
 *
 * <p>Request and response bodies are buffered whole (DynamoDB's are JSON documents of a few KB); the
 * SDK's signed headers (Host, Content-Length, the signature) are sent as they are.
 */
final class MicronautSdkHttpClient implements SdkAsyncHttpClient {
    private final RawHttpClient client;
    private final ByteBodyFactory bodies;

    MicronautSdkHttpClient(RawHttpClient client, ByteBufferFactory<?, ?> buffers) {
        this.client = client;
        this.bodies = ByteBodyFactory.createDefault(buffers);
    }

    @Override
    public CompletableFuture<Void> execute(AsyncExecuteRequest request) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        SdkAsyncHttpResponseHandler handler = request.responseHandler();
        request.requestContentPublisher().subscribe(new Collector(bytes -> send(request.request(), bytes, handler, done),
                error -> fail(handler, done, error)));
        return done;
    }

    private void send(SdkHttpRequest sdk, byte[] body, SdkAsyncHttpResponseHandler handler, CompletableFuture<Void> done) {
        MutableHttpRequest<Object> request = HttpRequest.create(HttpMethod.parse(sdk.method().name()), sdk.getUri().toString());
        sdk.forEachHeader((name, values) -> values.forEach(value -> request.getHeaders().add(name, value)));
        client.exchange(request, bodies.adapt(body), null).subscribe(new Subscriber<HttpResponse<?>>() {
            @Override
            public void onSubscribe(Subscription subscription) {
                subscription.request(1);
            }

            @Override
            public void onNext(HttpResponse<?> response) {
                ByteBodyHttpResponse<?> raw = (ByteBodyHttpResponse<?>) response;
                raw.byteBody().buffer().whenComplete((content, error) -> {
                    try (raw) {
                        if (error != null) {
                            fail(handler, done, error);
                        } else {
                            answer(response, content, handler, done);
                        }
                    }
                });
            }

            @Override
            public void onError(Throwable error) {
                fail(handler, done, error);
            }

            @Override
            public void onComplete() {
                // The answer (or the error) has been handed over in onNext / onError.
            }
        });
    }

    private static void answer(HttpResponse<?> response, CloseableAvailableByteBody content, SdkAsyncHttpResponseHandler handler,
                               CompletableFuture<Void> done) {
        byte[] bytes;
        try (content) {
            bytes = content.toByteArray();
        }
        SdkHttpFullResponse.Builder headers = SdkHttpFullResponse.builder().statusCode(response.code());
        response.getHeaders().forEach((name, values) -> headers.putHeader(name, List.copyOf(values)));
        handler.onHeaders(headers.build());
        handler.onStream(new SingleBuffer(ByteBuffer.wrap(bytes)));
        done.complete(null);
    }

    private static void fail(SdkAsyncHttpResponseHandler handler, CompletableFuture<Void> done, Throwable error) {
        if (!done.isDone()) {
            handler.onError(error);
            done.completeExceptionally(error);
        }
    }

    @Override
    public String clientName() {
        return "MicronautRaw";
    }

    @Override
    public void close() {
        // The raw client belongs to Micronaut's client registry, which closes it with the context.
    }

    /** Reads the SDK's request body (one or a few buffers, all in memory) into one array. */
    private static final class Collector implements Subscriber<ByteBuffer> {
        private final java.util.function.Consumer<byte[]> whenRead;
        private final java.util.function.Consumer<Throwable> whenFailed;
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        Collector(java.util.function.Consumer<byte[]> whenRead, java.util.function.Consumer<Throwable> whenFailed) {
            this.whenRead = whenRead;
            this.whenFailed = whenFailed;
        }

        @Override
        public void onSubscribe(Subscription subscription) {
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(ByteBuffer buffer) {
            byte[] chunk = new byte[buffer.remaining()];
            buffer.get(chunk);
            bytes.write(chunk, 0, chunk.length);
        }

        @Override
        public void onError(Throwable error) {
            whenFailed.accept(error);
        }

        @Override
        public void onComplete() {
            whenRead.accept(bytes.toByteArray());
        }
    }

    /** The response body as the one buffer it is (already read whole). */
    private static final class SingleBuffer implements Publisher<ByteBuffer> {
        private final ByteBuffer buffer;

        SingleBuffer(ByteBuffer buffer) {
            this.buffer = buffer;
        }

        @Override
        public void subscribe(Subscriber<? super ByteBuffer> subscriber) {
            AtomicBoolean sent = new AtomicBoolean();
            subscriber.onSubscribe(new Subscription() {
                @Override
                public void request(long n) {
                    if (n <= 0) {
                        subscriber.onError(new IllegalArgumentException("request(" + n + "): rule 3.9 of Reactive Streams"));
                    } else if (sent.compareAndSet(false, true)) {
                        subscriber.onNext(buffer);
                        subscriber.onComplete();
                    }
                }

                @Override
                public void cancel() {
                    sent.set(true);
                }
            });
        }
    }
}
