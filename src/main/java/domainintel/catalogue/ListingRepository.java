package domainintel.catalogue;

import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;
import io.micronaut.data.repository.jpa.JpaSpecificationExecutor;

import java.util.Optional;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface ListingRepository extends CrudRepository<Listing, Long>, JpaSpecificationExecutor<Listing> {
    Optional<Listing> findByName(String name);

    /** Locks the row so concurrent updates of one listing record their price changes in order. */
    Optional<Listing> findByNameForUpdate(String name);
}
