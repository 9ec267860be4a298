package domainintel.alerts;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;

/**
 * A webhook's filters; every one given must match. {@code minDropPercent} matches only drops of at
 * least that many percent, so a webhook with it receives no increases or new listings.
 */
@Serdeable
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WebhookFilters(@Nullable List<String> domains, @Nullable List<String> tlds,
                             @Nullable List<String> categories,
                             @Schema(minimum = "1", maximum = "1000000000000") @Nullable Long maxPrice,
                             @Schema(minimum = "0.01", maximum = "100",
                                     description = "Drops of at least this percent; at most two decimals, as changePercent.")
                             @Nullable Double minDropPercent) {

    public static final WebhookFilters NONE = new WebhookFilters(null, null, null, null, null);

    public boolean matches(AlertEvent event) {
        if (domains != null && !domains.contains(event.domain())) {
            return false;
        }
        if (tlds != null && !tlds.contains(event.tld())) {
            return false;
        }
        if (categories != null && !categories.contains(event.category())) {
            return false;
        }
        if (maxPrice != null && event.newPrice() > maxPrice) {
            return false;
        }
        if (minDropPercent != null) {
            Double change = event.changePercent();
            return event.type() == EventType.PRICE_DROPPED && change != null && -change >= minDropPercent;
        }
        return true;
    }
}
