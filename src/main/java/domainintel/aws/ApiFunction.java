package domainintel.aws;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.function.aws.proxy.payload1.ApiGatewayProxyRequestEventFunction;
import io.micronaut.json.JsonMapper;
import io.micronaut.serde.annotation.SerdeImport;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The handler of every API function in template.yaml: Micronaut's API Gateway (REST, payload 1.0) proxy,
 * with a {@link LazyLambdaContext}: init builds the context and the router, and a route's beans are created
 * when it is first called.
 * <p>
 * It takes the event as a stream and reads and writes the JSON with the application's own mapper (Micronaut
 * Serialization, already loaded), so the Lambda runtime never starts its own Jackson for the API Gateway
 * event types: about 800 classes fewer at every cold start (docs/benchmarks.md). The event types are imported
 * for serialization here.
 * <p>
 * Before a SnapStart snapshot ({@link SnapshotPriming}) it answers two requests that touch no store, through
 * that same stream path, so that the snapshot holds the request path warm: {@code GET /health} (event to
 * request, routing, a controller, JSON, request to event) and an API request without a key (the key check
 * and the error envelope).
 */
@SerdeImport(APIGatewayProxyRequestEvent.class)
@SerdeImport(APIGatewayProxyRequestEvent.ProxyRequestContext.class)
@SerdeImport(APIGatewayProxyRequestEvent.RequestIdentity.class)
@SerdeImport(APIGatewayProxyResponseEvent.class)
public class ApiFunction extends ApiGatewayProxyRequestEventFunction implements RequestStreamHandler {
    private final JsonMapper json;

    public ApiFunction() {
        json = getApplicationContext().getBean(JsonMapper.class);
        registerWarmUp();
    }

    public ApiFunction(ApplicationContext context) {
        super(context);
        json = getApplicationContext().getBean(JsonMapper.class);
        registerWarmUp();
    }

    @Override
    protected ApplicationContextBuilder newApplicationContextBuilder() {
        return LazyLambdaContext.builder();
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        APIGatewayProxyRequestEvent event = json.readValue(input, APIGatewayProxyRequestEvent.class);
        json.writeValue(output, handleRequest(event, context));
    }

    private void registerWarmUp() {
        getApplicationContext().findBean(SnapshotPriming.class).ifPresent(priming -> priming.addWarmUp("request path", () -> {
            answer("/health", 200);
            answer("/api/v1/usage", 401);
        }));
    }

    private void answer(String path, int expectedStatus) {
        try {
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            handleRequest(new ByteArrayInputStream(json.writeValueAsBytes(primingRequest(path))), answer, null);
            int status = json.readValue(answer.toByteArray(), APIGatewayProxyResponseEvent.class).getStatusCode();
            if (status != expectedStatus) {
                throw new IllegalStateException("GET " + path + " answered " + status + ", not " + expectedStatus);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static APIGatewayProxyRequestEvent primingRequest(String path) {
        return new APIGatewayProxyRequestEvent().withHttpMethod("GET").withPath(path).withResource(path)
                .withHeaders(Map.of("Host", "snapshot.priming", "Accept", "application/json"))
                .withMultiValueHeaders(Map.of());
    }
}
