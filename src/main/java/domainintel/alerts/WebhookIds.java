package domainintel.alerts;

import domainintel.access.ApiKeySecrets;

import java.util.regex.Pattern;

/**
 * Webhook ids ({@code wh_} + 20 random base62), minted here and recognised here by that shape, so an id
 * no webhook can have is not found without asking the store (which refuses keys over 1 KB with an error).
 */
final class WebhookIds {
    private static final String PREFIX = "wh_";
    private static final int RANDOM_LENGTH = 20;
    private static final Pattern SHAPE = Pattern.compile(Pattern.quote(PREFIX) + "[0-9A-Za-z]{" + RANDOM_LENGTH + "}");

    private WebhookIds() {
    }

    static String next() {
        return PREFIX + ApiKeySecrets.randomBase62(RANDOM_LENGTH);
    }

    static boolean isWellFormed(String id) {
        return id != null && SHAPE.matcher(id).matches();
    }
}
