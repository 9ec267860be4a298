package domainintel.access;

import java.util.Locale;
import java.util.Optional;

/** A plan: what it may call, how many requests a UTC day, how many names in one bulk valuation. */
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

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a key of this tier may call an endpoint that requires {@code required}. */
    public boolean includes(Tier required) {
        return ordinal() >= required.ordinal();
    }

    public static Optional<Tier> fromWire(String value) {
        for (Tier tier : values()) {
            if (tier.wireName().equals(value)) {
                return Optional.of(tier);
            }
        }
        return Optional.empty();
    }
}
