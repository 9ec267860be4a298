package domainintel.alerts;

import io.micronaut.serde.annotation.Serdeable;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * One queued delivery: an event for one webhook. {@code messageId} (the {@code webhook-id} header)
 * is derived from the event and webhook ids, so relaying the same pair twice yields the same id and
 * the same delivery-log item. {@code payload} is the exact body sent on every attempt.
 */
@Serdeable
public record DeliveryMessage(String messageId, String owner, String webhookId, String eventId, String type, String payload) {

    public static DeliveryMessage of(String owner, String webhookId, String eventId, String type, String payload) {
        return new DeliveryMessage(messageIdFor(eventId, webhookId), owner, webhookId, eventId, type, payload);
    }

    static String messageIdFor(String eventId, String webhookId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((eventId + "/" + webhookId).getBytes(StandardCharsets.UTF_8));
            return "msg_" + Base64.getUrlEncoder().withoutPadding().encodeToString(digest).substring(0, 27);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
