package domainintel.alerts;

import io.micronaut.core.annotation.Nullable;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;

/** A price alert event: what changed on which listing. Matched against every webhook's subscription. */
public record AlertEvent(String eventId, EventType type, Instant occurredAt, String domain, String tld, String category,
                         @Nullable Long oldPrice, long newPrice, String currency) {

    /** Relative change in percent, two decimals, negative for a drop; null for a new listing. */
    @Nullable
    public Double changePercent() {
        if (oldPrice == null || oldPrice == 0) {
            return null;
        }
        return BigDecimal.valueOf(newPrice - oldPrice).multiply(BigDecimal.valueOf(100))
                .divide(BigDecimal.valueOf(oldPrice), 2, RoundingMode.HALF_EVEN).doubleValue();
    }

    public AlertPayload.PriceData data() {
        return new AlertPayload.PriceData(domain, oldPrice, newPrice, currency, changePercent());
    }

    public static EventType typeOf(@Nullable Long oldPrice, long newPrice) {
        if (oldPrice == null) {
            return EventType.LISTED;
        }
        return newPrice < oldPrice ? EventType.PRICE_DROPPED : EventType.PRICE_INCREASED;
    }
}
