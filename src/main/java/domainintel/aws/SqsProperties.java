package domainintel.aws;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

/**
 * {@code aws.sqs.*}: where SQS is (empty: AWS's regional endpoint, or the embedded ElasticMQ), the
 * alert queue and its dead-letter queue, and whether to create them (locally) or expect them (AWS).
 * On AWS the template passes the queues' URLs, so no function needs sqs:GetQueueUrl; empty: looked up
 * by name.
 */
@ConfigurationProperties("aws.sqs")
public record SqsProperties(@Nullable String endpoint, String alertQueue, String alertDeadLetterQueue, boolean createQueues,
                            @Nullable String alertQueueUrl, @Nullable String alertDeadLetterQueueUrl) {
}
