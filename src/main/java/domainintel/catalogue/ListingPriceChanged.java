package domainintel.catalogue;

import io.micronaut.core.annotation.Nullable;

import java.time.Instant;

/**
 * A listing took a new price (its first included: {@code oldPrice} is null for a new listing).
 * Published synchronously inside {@link ListingWriter}'s transaction, so a listener that writes
 * to the database (the alerts outbox) commits or rolls back together with the change itself.
 */
public record ListingPriceChanged(String domain, String tld, String category,
                                  @Nullable Long oldPrice, long newPrice, String currency, Instant changedAt) {
}
