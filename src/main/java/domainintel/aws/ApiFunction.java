package domainintel.aws;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.function.aws.proxy.payload1.ApiGatewayProxyRequestEventFunction;

/**
 * The handler of every API function in template.yaml: Micronaut's API Gateway (REST, payload 1.0) proxy,
 * with a {@link LazyLambdaContext}: init builds the context and the router, and a route's beans are created
 * when it is first called.
 */
public class ApiFunction extends ApiGatewayProxyRequestEventFunction {
    public ApiFunction() {
    }

    public ApiFunction(ApplicationContext context) {
        super(context);
    }

    @Override
    protected ApplicationContextBuilder newApplicationContextBuilder() {
        return LazyLambdaContext.builder();
    }
}
