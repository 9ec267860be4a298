package domainintel.aws;

import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A synchronous SDK HTTP client whose transport failures (connection refused, connect or read timeout) the SDK
 * does not send again, as the server's asynchronous client on Micronaut's HTTP client does not
 * ({@link MicronautSdkHttpClient}: its errors are no {@link IOException}, which is what the SDK's retry
 * conditions look for). For the key check that matters: a count that timed out may have been written, and a
 * second attempt would count the request twice; and the caller gets its 503 after one timeout, not nine. Answers
 * from DynamoDB (throttling, 5xx) are retried as before: they come back as responses, not failures.
 * <p>
 * The response body is read whole inside the call (DynamoDB's answers are JSON documents of a few KB, as
 * {@link MicronautSdkHttpClient} buffers them too), so that a read timeout in the body is a transport failure here
 * as well, not an {@link IOException} in the SDK's unmarshalling.
 */
final class TransportFailuresNotRetried implements SdkHttpClient {
    private final SdkHttpClient transport;

    TransportFailuresNotRetried(SdkHttpClient transport) {
        this.transport = transport;
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        ExecutableHttpRequest call = transport.prepareRequest(request);
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() {
                try {
                    HttpExecuteResponse response = call.call();
                    if (response.responseBody().isEmpty()) {
                        return response;
                    }
                    byte[] body;
                    try (InputStream in = response.responseBody().get()) {
                        body = in.readAllBytes();
                    }
                    return HttpExecuteResponse.builder().response(response.httpResponse())
                            .responseBody(AbortableInputStream.create(new ByteArrayInputStream(body))).build();
                } catch (IOException e) {
                    // The SDK's client-side failure, as the asynchronous client reports it, with a cause the retry
                    // conditions do not take for an I/O error.
                    throw SdkClientException.create("Unable to execute HTTP request: " + e.getMessage(), new TransportFailure(e));
                }
            }

            @Override
            public void abort() {
                call.abort();
            }
        };
    }

    @Override
    public String clientName() {
        return transport.clientName();
    }

    @Override
    public void close() {
        transport.close();
    }

    /** The I/O error as the SDK sees it: not an {@link IOException}, so not retried; its cause says what failed. */
    static final class TransportFailure extends RuntimeException {
        TransportFailure(IOException cause) {
            super(cause.getMessage(), cause);
        }
    }
}
