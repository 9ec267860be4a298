package domainintel.alerts.delivery;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;
import domainintel.aws.LazyLambdaContext;
import io.micronaut.function.aws.MicronautRequestHandler;
import jakarta.inject.Inject;

import java.util.List;

/**
 * The delivery worker on AWS: Lambda, triggered by the alert queue with
 * {@code FunctionResponseTypes: [ReportBatchItemFailures]}. Runs the same {@link DeliveryWorker}
 * as the local poller and reports exactly the messages to keep (retries not yet due, or ones that
 * could not be handled); Lambda deletes the rest.
 */
public class DeliveryWorkerFunction extends MicronautRequestHandler<SQSEvent, SQSBatchResponse> {
    @Inject
    DeliveryWorker worker;

    public DeliveryWorkerFunction() {
    }

    public DeliveryWorkerFunction(ApplicationContext context) {
        super(context);
    }

    /** Only what this function uses is created (see {@link LazyLambdaContext}). */
    @Override
    protected ApplicationContextBuilder newApplicationContextBuilder() {
        return LazyLambdaContext.builder();
    }

    @Override
    public SQSBatchResponse execute(SQSEvent event) {
        List<DeliveryWorker.Received> batch = event.getRecords().stream()
                .map(r -> new DeliveryWorker.Received(r.getMessageId(), r.getReceiptHandle(), r.getBody())).toList();
        List<SQSBatchResponse.BatchItemFailure> failures = worker.process(batch).stream()
                .map(id -> SQSBatchResponse.BatchItemFailure.builder().withItemIdentifier(id).build()).toList();
        return SQSBatchResponse.builder().withBatchItemFailures(failures).build();
    }
}
