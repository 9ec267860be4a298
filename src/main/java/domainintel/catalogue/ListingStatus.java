package domainintel.catalogue;

import java.util.List;

/** The states a listing can be in. */
final class ListingStatus {
    static final String AVAILABLE = "available";
    static final List<String> ALL = List.of(AVAILABLE, "pending", "sold");

    private ListingStatus() {
    }
}
