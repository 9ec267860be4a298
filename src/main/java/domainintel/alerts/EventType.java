package domainintel.alerts;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The events a webhook receives. {@code webhook.test} is sent on request and cannot be subscribed to. */
public enum EventType {
    PRICE_DROPPED("domain.price_dropped"),
    PRICE_INCREASED("domain.price_increased"),
    LISTED("domain.listed"),
    TEST("webhook.test");

    private final String wireName;

    EventType(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<EventType> fromWire(String value) {
        return Arrays.stream(values()).filter(t -> t.wireName.equals(value)).findFirst();
    }

    public static List<String> subscribable() {
        return List.of(PRICE_DROPPED.wireName, PRICE_INCREASED.wireName, LISTED.wireName);
    }
}
