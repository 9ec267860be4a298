package domainintel.market;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface SaleRepository extends CrudRepository<StoredSale, Long> {
    /** Identifies the history's state cheaply: it only grows, so a new sale changes the highest id. */
    @Query("SELECT COALESCE(MAX(id), 0) FROM sales")
    long maxId();
}
