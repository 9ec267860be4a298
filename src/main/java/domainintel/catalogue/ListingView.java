package domainintel.catalogue;

import io.micronaut.serde.annotation.Serdeable;

import java.time.Instant;

/** A listing as clients see it (the contract's field names; no internal id). */
@Serdeable
public record ListingView(String name, String tld, int length, long price, String currency,
                          String category, String status, Instant listedAt, Instant updatedAt) {
    static ListingView of(Listing listing) {
        return new ListingView(listing.name(), listing.tld(), listing.length(), listing.price(), listing.currency(),
                listing.category(), listing.status().wireName(), listing.listedAt(), listing.updatedAt());
    }
}
