package domainintel.catalogue;

import domainintel.names.CategoryTaxonomy;
import domainintel.names.DomainNames;
import domainintel.contract.Rejection;
import domainintel.contract.QueryParameters;
import io.micronaut.data.model.Pageable;
import io.micronaut.data.model.Sort;
import io.micronaut.data.repository.jpa.criteria.PredicateSpecification;
import jakarta.persistence.criteria.Predicate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code GET /domains} query parameters, validated, as a criteria filter and a page request.
 * Sorting always ends on the name, so pages are stable when many listings share a price or length.
 */
record ListingQuery(Optional<String> q, Optional<String> tld, Optional<String> category,
                    Optional<Long> minLength, Optional<Long> maxLength,
                    Optional<Long> minPrice, Optional<Long> maxPrice,
                    Optional<Boolean> hasDigits, Optional<Boolean> hasHyphen,
                    String sort, int page, int perPage) {

    static final List<String> SORTS = List.of("price", "-price", "length", "-length", "name", "-name", "listedAt", "-listedAt");
    static final int MAX_PER_PAGE = 100;
    /** No domain name is longer, so neither is any part of one. */
    private static final int MAX_QUERY = 253;
    private static final Pattern SEARCHABLE = Pattern.compile("[a-z0-9.-]+");

    static ListingQuery parse(QueryParameters params) {
        Optional<String> q = params.string("q").map(v -> v.toLowerCase(Locale.ROOT));
        if (q.isPresent() && q.get().length() > MAX_QUERY) {
            throw Rejection.invalidRequest("Query parameter 'q' may be at most " + MAX_QUERY + " characters long.");
        }
        if (q.isPresent() && !SEARCHABLE.matcher(q.get()).matches()) {
            throw Rejection.invalidRequest("Query parameter 'q' may contain only letters, digits, '.' and '-'.");
        }
        Optional<String> tld = params.string("tld").map(value -> DomainNames.parseSuffix(value, "Query parameter 'tld'"));
        Optional<String> category = params.oneOf("category", CategoryTaxonomy.categories());
        Optional<Long> minLength = params.integer("minLength", 1, 63);
        Optional<Long> maxLength = params.integer("maxLength", 1, 63);
        Optional<Long> minPrice = params.integer("minPrice", 0, ListingWriter.MAX_PRICE);
        Optional<Long> maxPrice = params.integer("maxPrice", 0, ListingWriter.MAX_PRICE);
        ordered("minLength", minLength, "maxLength", maxLength);
        ordered("minPrice", minPrice, "maxPrice", maxPrice);
        String sort = params.oneOf("sort", SORTS).orElse("name");
        int perPage = params.integer("perPage", 1, MAX_PER_PAGE).orElse(20L).intValue();
        // Bounded so that the offset stays a sane number; nobody pages a million pages deep.
        int page = params.integer("page", 1, 1_000_000).orElse(1L).intValue();
        return new ListingQuery(q, tld, category, minLength, maxLength, minPrice, maxPrice,
                params.bool("hasDigits"), params.bool("hasHyphen"), sort, page, perPage);
    }

    private static void ordered(String lowName, Optional<Long> low, String highName, Optional<Long> high) {
        if (low.isPresent() && high.isPresent() && low.get() > high.get()) {
            throw Rejection.invalidRequest("Query parameter '" + lowName + "' must not exceed '" + highName + "'.");
        }
    }

    PredicateSpecification<Listing> filter() {
        return (root, cb) -> {
            List<Predicate> all = new ArrayList<>();
            q.ifPresent(v -> all.add(cb.like(root.get("name"), "%" + v + "%")));
            tld.ifPresent(v -> all.add(cb.equal(root.get("tld"), v)));
            category.ifPresent(v -> all.add(cb.equal(root.get("category"), v)));
            minLength.ifPresent(v -> all.add(cb.greaterThanOrEqualTo(root.get("length"), v.intValue())));
            maxLength.ifPresent(v -> all.add(cb.lessThanOrEqualTo(root.get("length"), v.intValue())));
            minPrice.ifPresent(v -> all.add(cb.greaterThanOrEqualTo(root.get("price"), v)));
            maxPrice.ifPresent(v -> all.add(cb.lessThanOrEqualTo(root.get("price"), v)));
            hasDigits.ifPresent(v -> all.add(cb.equal(root.get("hasDigits"), v)));
            hasHyphen.ifPresent(v -> all.add(cb.equal(root.get("hasHyphen"), v)));
            // No filter at all must be no WHERE clause: an empty conjunction renders as invalid SQL.
            return all.isEmpty() ? null : cb.and(all.toArray(Predicate[]::new));
        };
    }

    Pageable pageable() {
        boolean descending = sort.startsWith("-");
        String property = descending ? sort.substring(1) : sort;
        Sort.Order primary = descending ? Sort.Order.desc(property) : Sort.Order.asc(property);
        Sort order = property.equals("name") ? Sort.of(primary) : Sort.of(primary, Sort.Order.asc("name"));
        return Pageable.from(page - 1, perPage, order);
    }
}
