package domainintel.aws;

import jakarta.inject.Singleton;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts DynamoDB API calls made by this process, so the load benchmark can show the hot path's
 * budget (one call per authenticated request) as a measured number rather than a claim.
 */
@Singleton
public class DynamoDbCallCounter implements ExecutionInterceptor {
    private final LongAdder calls = new LongAdder();

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes executionAttributes) {
        calls.increment();
    }

    public long calls() {
        return calls.sum();
    }
}
