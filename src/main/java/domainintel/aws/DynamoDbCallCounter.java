package domainintel.aws;

import jakarta.inject.Singleton;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the DynamoDB API calls this process makes, per table, so a test can hold the hot path to its
 * budget (one call per authenticated request) as a measured number rather than a claim.
 */
@Singleton
public class DynamoDbCallCounter implements ExecutionInterceptor {
    private final Map<String, LongAdder> callsByTable = new ConcurrentHashMap<>();

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes executionAttributes) {
        String table = context.request().getValueForField("TableName", String.class).orElse("");
        callsByTable.computeIfAbsent(table, t -> new LongAdder()).increment();
    }

    /** Calls made so far on {@code table}, by the synchronous and the asynchronous client alike. */
    public long calls(String table) {
        LongAdder calls = callsByTable.get(table);
        return calls == null ? 0 : calls.sum();
    }
}
