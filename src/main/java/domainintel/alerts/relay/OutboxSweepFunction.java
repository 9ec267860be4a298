package domainintel.alerts.relay;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;
import domainintel.aws.LazyLambdaContext;
import io.micronaut.function.aws.MicronautRequestHandler;
import jakarta.inject.Inject;

import java.util.Map;

/**
 * The outbox sweep on AWS, run every minute by EventBridge: relays whatever the admin function's
 * after-commit relay left behind (it failed, or the function stopped between commit and relay).
 */
public class OutboxSweepFunction extends MicronautRequestHandler<Map<String, Object>, Map<String, Object>> {
    @Inject
    AlertRelay relay;

    public OutboxSweepFunction() {
    }

    public OutboxSweepFunction(ApplicationContext context) {
        super(context);
    }

    /** Only what this function uses is created (see {@link LazyLambdaContext}). */
    @Override
    protected ApplicationContextBuilder newApplicationContextBuilder() {
        return LazyLambdaContext.builder();
    }

    @Override
    public Map<String, Object> execute(Map<String, Object> scheduledEvent) {
        return Map.of("relayed", relay.relayPending());
    }
}
