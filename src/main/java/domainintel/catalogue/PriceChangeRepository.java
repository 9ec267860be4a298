package domainintel.catalogue;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;

import java.util.List;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface PriceChangeRepository extends CrudRepository<PriceChange, Long> {
    /** In the order the changes applied: by time, then by id (two changes can share a millisecond). */
    @Query("SELECT * FROM price_changes WHERE domain = :domain ORDER BY changed_at, id")
    List<PriceChange> history(String domain);
}
