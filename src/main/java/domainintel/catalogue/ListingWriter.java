package domainintel.catalogue;

import domainintel.names.CategoryTaxonomy;
import domainintel.names.DomainName;
import domainintel.names.NameAnalyzer;
import domainintel.web.ApiException;
import io.micronaut.context.event.ApplicationEventPublisher;
import io.micronaut.transaction.annotation.Transactional;
import jakarta.inject.Singleton;

import java.time.Instant;

/**
 * Adds or updates a listing. Every price a listing takes (including its first) is recorded in
 * {@code price_changes} in the same transaction, so price history never disagrees with the listing.
 */
@Singleton
public class ListingWriter {
    static final long MAX_PRICE = 1_000_000_000_000L;
    static final String CURRENCY = "USD";

    private final ListingRepository listings;
    private final PriceChangeRepository priceChanges;
    private final NameAnalyzer analyzer;
    private final ApplicationEventPublisher<ListingPriceChanged> priceEvents;

    public ListingWriter(ListingRepository listings, PriceChangeRepository priceChanges, NameAnalyzer analyzer,
                         ApplicationEventPublisher<ListingPriceChanged> priceEvents) {
        this.listings = listings;
        this.priceChanges = priceChanges;
        this.analyzer = analyzer;
        this.priceEvents = priceEvents;
    }

    public record Result(Listing listing, boolean created, boolean changed) {
    }

    /** Checks an update's fields; {@code invalid_request} naming the first bad one. */
    public static void validate(ListingUpdate update) {
        if (update.price() != null && (update.price() <= 0 || update.price() > MAX_PRICE)) {
            throw ApiException.invalidRequest("'price' must be a whole number of USD from 1 to " + MAX_PRICE + ".");
        }
        if (update.category() != null && !CategoryTaxonomy.isCategory(update.category())) {
            throw ApiException.invalidRequest("'category' must be one of " + String.join(", ", CategoryTaxonomy.categories()) + ".");
        }
        if (update.status() != null && !ListingStatus.ALL.contains(update.status())) {
            throw ApiException.invalidRequest("'status' must be one of " + String.join(", ", ListingStatus.ALL) + ".");
        }
    }

    @Transactional
    public Result upsert(DomainName name, ListingUpdate update, Instant at) {
        validate(update);
        // Milliseconds: what every database keeps, so the response equals what a later read returns.
        Instant now = at.truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        var existing = listings.findByNameForUpdate(name.name());
        if (existing.isEmpty()) {
            if (update.price() == null) {
                throw ApiException.invalidRequest("'price' is required for a new listing.");
            }
            Listing created = listings.save(new Listing(null, name.name(), name.tld(), name.length(), update.price(), CURRENCY,
                    update.category() != null ? update.category() : analyzer.category(name),
                    update.status() != null ? update.status() : ListingStatus.AVAILABLE,
                    name.hasDigits(), name.hasHyphen(), now, now));
            priceChanges.save(new PriceChange(null, name.name(), null, created.price(), CURRENCY, now));
            priceEvents.publishEvent(new ListingPriceChanged(created.name(), created.tld(), created.category(),
                    null, created.price(), CURRENCY, now));
            return new Result(created, true, true);
        }
        Listing old = existing.get();
        long price = update.price() != null ? update.price() : old.price();
        String category = update.category() != null ? update.category() : old.category();
        String status = update.status() != null ? update.status() : old.status();
        if (price == old.price() && category.equals(old.category()) && status.equals(old.status())) {
            return new Result(old, false, false);
        }
        Listing updated = listings.update(new Listing(old.id(), old.name(), old.tld(), old.length(), price, old.currency(),
                category, status, old.hasDigits(), old.hasHyphen(), old.listedAt(), now));
        if (price != old.price()) {
            priceChanges.save(new PriceChange(null, old.name(), old.price(), price, old.currency(), now));
            // Synchronous, in this transaction: listeners (the alerts outbox) commit with the change or not at all.
            priceEvents.publishEvent(new ListingPriceChanged(old.name(), old.tld(), category, old.price(), price,
                    old.currency(), now));
        }
        return new Result(updated, false, true);
    }
}
