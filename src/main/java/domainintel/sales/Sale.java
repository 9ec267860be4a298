package domainintel.sales;

import io.micronaut.core.annotation.Nullable;

import java.time.LocalDate;

/**
 * One real reported domain sale (see src/main/resources/data/README.md for sources and their biases).
 * Some trade-press reports give only the year: then {@code date} is null and {@code year} is set.
 */
public record Sale(String domain, long priceUsd, @Nullable LocalDate date, @Nullable Integer year,
                   @Nullable String venue, String source) {

    public Market market() {
        return Market.ofSource(source);
    }

    /**
     * Whether two reports can be of one sale by their dates: the same year, or one of them gives none. The year is
     * the finest date the sources agree on: the year-end charts date every sale 31 December, and a weekly report gives
     * a year at most.
     */
    boolean sameYearAs(Sale other) {
        return year == null || other.year == null || year.equals(other.year);
    }
}
