package domainintel.market;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;

import java.time.LocalDate;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface SaleRepository extends CrudRepository<StoredSale, Long> {
    /** Identifies the history's state cheaply: it only grows, so a new sale changes the highest id. */
    @Query("SELECT COALESCE(MAX(id), 0) FROM sales")
    long maxId();

    /** Whether this exact sale (same name, price, date or year, and source) is already recorded. */
    @Query("""
            SELECT COUNT(*) > 0 FROM sales WHERE domain = :domain AND price_usd = :priceUsd AND source = :source
               AND sale_date IS NOT DISTINCT FROM :saleDate AND sale_year IS NOT DISTINCT FROM :saleYear""")
    boolean isRecorded(String domain, long priceUsd, @Nullable LocalDate saleDate, @Nullable Integer saleYear, String source);
}
