package domainintel.catalogue;

import domainintel.names.CategoryTaxonomy;
import domainintel.names.DomainName;
import domainintel.names.NameAnalyzer;
import domainintel.contract.Rejection;
import domainintel.contract.WireNames;
import io.micronaut.context.event.ApplicationEventPublisher;
import io.micronaut.data.exceptions.DataAccessException;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.time.Instant;

/**
 * Adds or updates a listing. Every price a listing takes (including its first) is recorded in
 * {@code price_changes} in the same transaction, so price history never disagrees with the listing.
 * Requests racing on one name are serialised by the row lock; racing to create the same new
 * listing, all but one hit the unique name, roll back, and are applied again as updates.
 */
@Singleton
public class ListingWriter {
    /** The highest price a listing may have, in USD. */
    public static final long MAX_PRICE = 1_000_000_000_000L;
    static final String CURRENCY = "USD";
    /** Racing creators of one name: the losers' second attempt finds the row; a few more cover a busy row. */
    static final int MAX_ATTEMPTS = 5;

    private final ListingRepository listings;
    private final PriceChangeRepository priceChanges;
    private final NameAnalyzer analyzer;
    private final ApplicationEventPublisher<ListingPriceChanged> priceEvents;
    private final TransactionOperations<Connection> transactions;

    public ListingWriter(ListingRepository listings, PriceChangeRepository priceChanges, NameAnalyzer analyzer,
                         ApplicationEventPublisher<ListingPriceChanged> priceEvents, TransactionOperations<Connection> transactions) {
        this.transactions = transactions;
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
            throw Rejection.invalidRequest("'price' must be a whole number of USD from 1 to " + MAX_PRICE + ".");
        }
        if (update.category() != null && !CategoryTaxonomy.isCategory(update.category())) {
            throw Rejection.invalidRequest("'category' must be one of " + String.join(", ", CategoryTaxonomy.categories()) + ".");
        }
        status(update);
    }

    private static ListingStatus status(ListingUpdate update) {
        return update.status() == null ? null : ListingStatus.fromWire(update.status()).orElseThrow(() -> Rejection.invalidRequest(
                "'status' must be one of " + String.join(", ", WireNames.all(ListingStatus.class)) + "."));
    }

    /** Applies the update in a transaction of its own (retried when it lost a race to create the listing). */
    public Result upsert(DomainName name, ListingUpdate update, Instant at) {
        validate(update);
        for (int attempt = 1; ; attempt++) {
            try {
                return transactions.executeWrite(status -> apply(name, update, at));
            } catch (DataAccessException e) {
                if (attempt >= MAX_ATTEMPTS || !WriteConflicts.isConflict(e)) {
                    throw e;
                }
            }
        }
    }

    private Result apply(DomainName name, ListingUpdate update, Instant at) {
        ListingStatus newStatus = status(update);
        var existing = listings.findByNameForUpdate(name.name());
        // Milliseconds: what every database keeps, so the response equals what a later read returns. Never
        // before the listing's last change, so the price history's time order is the order changes applied in.
        Instant now = at.truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        if (existing.isPresent() && now.isBefore(existing.get().updatedAt())) {
            now = existing.get().updatedAt();
        }
        if (existing.isEmpty()) {
            if (update.price() == null) {
                throw Rejection.invalidRequest("'price' is required for a new listing.");
            }
            Listing created = listings.save(new Listing(null, name.name(), name.tld(), name.length(), update.price(), CURRENCY,
                    update.category() != null ? update.category() : analyzer.category(name),
                    newStatus != null ? newStatus : ListingStatus.AVAILABLE,
                    name.hasDigits(), name.hasHyphen(), now, now));
            priceChanges.save(new PriceChange(null, name.name(), null, created.price(), CURRENCY, now));
            priceEvents.publishEvent(new ListingPriceChanged(created.name(), created.tld(), created.category(),
                    null, created.price(), CURRENCY, now));
            return new Result(created, true, true);
        }
        Listing old = existing.get();
        long price = update.price() != null ? update.price() : old.price();
        String category = update.category() != null ? update.category() : old.category();
        ListingStatus status = newStatus != null ? newStatus : old.status();
        if (price == old.price() && category.equals(old.category()) && status == old.status()) {
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
