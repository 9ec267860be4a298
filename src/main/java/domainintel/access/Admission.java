package domainintel.access;

/** The outcome of the one atomic check-and-count a request makes against its key. */
public sealed interface Admission {
    /** Counted: {@code used} is the day's count including this request. */
    record Admitted(Caller caller, long used) implements Admission {
    }

    record UnknownKey() implements Admission {
    }

    record RevokedKey() implements Admission {
    }

    /** Not counted: the key's tier may not call this endpoint. */
    record TierTooLow(Tier tier, long used) implements Admission {
    }

    /** Not counted: the day's quota is used up. */
    record QuotaExhausted(Tier tier) implements Admission {
    }
}
