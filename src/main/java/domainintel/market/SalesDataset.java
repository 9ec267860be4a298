package domainintel.market;

import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;

import java.time.Instant;

/** A data set of sales loaded once into the history (the bundled real sales). */
@MappedEntity("sales_datasets")
public record SalesDataset(@Id String name, int sales, Instant loadedAt) {
}
