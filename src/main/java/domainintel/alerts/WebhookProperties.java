package domainintel.alerts;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

import java.time.Duration;

/**
 * {@code webhooks.*}: the price alerts' settings, documented beside their defaults in application.yml.
 * {@code retrySchedule} is the seconds before each retry, comma-separated; {@code secretKey} is the
 * base64 AES-256 key sealing webhook secrets (empty locally: a key file under the data directory).
 */
@ConfigurationProperties("webhooks")
public record WebhookProperties(boolean allowPrivateTargets, String retrySchedule, @Nullable String secretKey,
                                Duration relayInterval, boolean relayAfterCommit, int maxPerOwner, Duration timeout,
                                int localDeliveryThreads, int pollWaitSeconds) {
}
