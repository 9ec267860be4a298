package domainintel.access;

import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import com.fasterxml.jackson.annotation.JsonValue;
import domainintel.contract.WireNames;

import java.util.Optional;

/** A plan: what it may call, how many requests a UTC day, how many names in one bulk valuation. */
// The spec shows the wire names (WireNames), which the generator cannot read from @JsonValue.
@Schema(type = "string", allowableValues = {"sovereign", "enterprise"})
@Serdeable
public enum Tier {
    SOVEREIGN(500, 50),
    ENTERPRISE(1_000, 200);

    private final int dailyQuota;
    private final int batchLimit;

    Tier(int dailyQuota, int batchLimit) {
        this.dailyQuota = dailyQuota;
        this.batchLimit = batchLimit;
    }

    public int dailyQuota() {
        return dailyQuota;
    }

    public int batchLimit() {
        return batchLimit;
    }

    @JsonValue
    public String wireName() {
        return WireNames.of(this);
    }

    /** Whether a key of this tier may call an endpoint that requires {@code required}. */
    public boolean includes(Tier required) {
        return ordinal() >= required.ordinal();
    }

    public static Optional<Tier> fromWire(String value) {
        return WireNames.parse(Tier.class, value);
    }
}
