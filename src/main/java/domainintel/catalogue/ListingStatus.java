package domainintel.catalogue;

import domainintel.contract.WireNames;

import java.util.Optional;

/** The states a listing can be in. */
public enum ListingStatus {
    AVAILABLE, PENDING, SOLD;

    public String wireName() {
        return WireNames.of(this);
    }

    public static Optional<ListingStatus> fromWire(String value) {
        return WireNames.parse(ListingStatus.class, value);
    }
}
