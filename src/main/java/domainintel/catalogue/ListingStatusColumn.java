package domainintel.catalogue;

import domainintel.contract.WireNameColumn;
import jakarta.inject.Singleton;

/** The {@code listings.status} column. */
@Singleton
public class ListingStatusColumn extends WireNameColumn<ListingStatus> {
    public ListingStatusColumn() {
        super(ListingStatus.class);
    }
}
