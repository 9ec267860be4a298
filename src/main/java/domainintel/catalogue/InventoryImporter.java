package domainintel.catalogue;

import com.fasterxml.jackson.annotation.JsonInclude;
import domainintel.csv.CsvImport;
import domainintel.names.DomainNames;
import domainintel.contract.Rejection;
import io.micronaut.serde.annotation.Serdeable;
import jakarta.inject.Singleton;

import java.io.Reader;
import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;

/**
 * Imports an inventory CSV: a header naming {@code domain} and {@code price} (and optionally
 * {@code category}, {@code status}), then one listing a row. Good rows are added or updated (price
 * history recorded); bad rows are reported with their line and reason, never silently dropped.
 */
@Singleton
public class InventoryImporter {
    static final String FORMAT = "domain,price[,category][,status]";

    private final ListingWriter writer;
    private final Clock clock;

    public InventoryImporter(ListingWriter writer, Clock clock) {
        this.writer = writer;
        this.clock = clock;
    }

    // Empty lists are shown, not left out (serde's default): the spec says these fields are always there.
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Serdeable
    public record Report(long rows, long created, long updated, long unchanged, long rejected, List<CsvImport.RejectedRow> rejections) {
    }

    public Report importCsv(Reader csv, Consumer<Long> progress) {
        long[] created = {0}, updated = {0}, unchanged = {0};
        var outcome = CsvImport.read(csv, FORMAT, List.of("domain", "price"), "domain", row -> {
            ListingUpdate update = new ListingUpdate(price(row.get("price")), row.optional("category").orElse(null),
                    row.optional("status").orElse(null));
            var result = writer.upsert(DomainNames.parse(row.get("domain")), update, clock.instant());
            if (result.created()) {
                created[0]++;
            } else if (result.changed()) {
                updated[0]++;
            } else {
                unchanged[0]++;
            }
        }, progress);
        return new Report(outcome.rows(), created[0], updated[0], unchanged[0], outcome.rejected(), outcome.rejections());
    }

    private static Long price(String value) {
        try {
            return Long.parseLong(value.replace("$", "").replace("_", ""));
        } catch (NumberFormatException e) {
            throw Rejection.invalidRequest("'price' must be a whole number of USD, got '" + value + "'.");
        }
    }
}
