package domainintel.alerts;

import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import com.fasterxml.jackson.annotation.JsonValue;
import domainintel.contract.WireNames;

/** Where a delivery (an event to a webhook) stands: retried while pending, then delivered or failed for good. */
// The spec shows the wire names (WireNames), which the generator cannot read from @JsonValue.
@Schema(type = "string", allowableValues = {"pending", "delivered", "failed"})
@Serdeable
public enum DeliveryStatus {
    PENDING, DELIVERED, FAILED;

    @JsonValue
    public String wireName() {
        return WireNames.of(this);
    }

    /** A status this system stored. */
    public static DeliveryStatus fromStored(String value) {
        return WireNames.parseStored(DeliveryStatus.class, value);
    }
}
