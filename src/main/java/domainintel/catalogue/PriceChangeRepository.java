package domainintel.catalogue;

import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;

import java.util.List;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface PriceChangeRepository extends CrudRepository<PriceChange, Long> {
    List<PriceChange> findByDomainOrderByChangedAt(String domain);
}
