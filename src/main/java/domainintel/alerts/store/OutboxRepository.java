package domainintel.alerts.store;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;

import java.util.Collection;
import java.util.List;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface OutboxRepository extends CrudRepository<OutboxEntry, Long> {

    @Query("SELECT * FROM alert_outbox ORDER BY id LIMIT :limit")
    List<OutboxEntry> oldest(int limit);

    void deleteByIdIn(Collection<Long> ids);
}
