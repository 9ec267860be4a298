package domainintel.aws;

import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.function.aws.proxy.payload1.ApiGatewayProxyRequestEventFunction;

import java.util.Map;

/**
 * The handler of every API function in template.yaml: Micronaut's API Gateway (REST, payload 1.0) proxy,
 * with a {@link LazyLambdaContext}: init builds the context and the router, and a route's beans are created
 * when it is first called. Before a SnapStart snapshot ({@link SnapshotPriming}) it answers two requests
 * that touch no store, so that the snapshot holds the request path warm: {@code GET /health} (event to
 * request, routing, a controller, JSON, request to event) and an API request without a key (the key check
 * and the error envelope).
 */
public class ApiFunction extends ApiGatewayProxyRequestEventFunction {
    public ApiFunction() {
        registerWarmUp();
    }

    public ApiFunction(ApplicationContext context) {
        super(context);
        registerWarmUp();
    }

    @Override
    protected ApplicationContextBuilder newApplicationContextBuilder() {
        return LazyLambdaContext.builder();
    }

    private void registerWarmUp() {
        getApplicationContext().findBean(SnapshotPriming.class).ifPresent(priming -> priming.addWarmUp("request path", () -> {
            answer("/health", 200);
            answer("/api/v1/usage", 401);
        }));
    }

    private void answer(String path, int expectedStatus) {
        int status = handleRequest(primingRequest(path), null).getStatusCode();
        if (status != expectedStatus) {
            throw new IllegalStateException("GET " + path + " answered " + status + ", not " + expectedStatus);
        }
    }

    private static APIGatewayProxyRequestEvent primingRequest(String path) {
        return new APIGatewayProxyRequestEvent().withHttpMethod("GET").withPath(path).withResource(path)
                .withHeaders(Map.of("Host", "snapshot.priming", "Accept", "application/json"))
                .withMultiValueHeaders(Map.of());
    }
}
