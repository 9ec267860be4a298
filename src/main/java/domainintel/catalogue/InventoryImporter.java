package domainintel.catalogue;

import domainintel.names.DomainNames;
import domainintel.web.ApiException;
import io.micronaut.serde.annotation.Serdeable;
import jakarta.inject.Singleton;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Imports an inventory CSV: a header naming {@code domain} and {@code price} (and optionally
 * {@code category}, {@code status}), then one listing a row. Good rows are added or updated (price
 * history recorded); bad rows are reported with their line and reason, never silently dropped.
 */
@Singleton
public class InventoryImporter {
    /** Rejections listed in full up to this many; the count is always exact. */
    static final int MAX_LISTED_REJECTIONS = 100;
    static final int PROGRESS_EVERY = 1_000;

    private final ListingWriter writer;
    private final Clock clock;

    public InventoryImporter(ListingWriter writer, Clock clock) {
        this.writer = writer;
        this.clock = clock;
    }

    @Serdeable
    public record Rejection(long line, String domain, String reason) {
    }

    @Serdeable
    public record Report(long rows, long created, long updated, long unchanged, long rejected, List<Rejection> rejections) {
    }

    public Report importCsv(Reader csv, Consumer<Long> progress) {
        try (BufferedReader reader = new BufferedReader(csv)) {
            String header = reader.readLine();
            if (header == null) {
                throw ApiException.invalidRequest("The CSV is empty; expected a header row 'domain,price[,category][,status]'.");
            }
            List<String> columns = Arrays.stream(fields(header.replace("\uFEFF", ""))).map(c -> c.toLowerCase(Locale.ROOT)).toList();
            int domainAt = columns.indexOf("domain");
            int priceAt = columns.indexOf("price");
            if (domainAt < 0 || priceAt < 0) {
                throw ApiException.invalidRequest("The CSV header must name the columns 'domain' and 'price'.");
            }
            int categoryAt = columns.indexOf("category");
            int statusAt = columns.indexOf("status");
            long rows = 0, created = 0, updated = 0, unchanged = 0, rejected = 0;
            List<Rejection> rejections = new ArrayList<>();
            long lineNumber = 1;
            String line;
            while ((line = reader.readLine()) != null) {
                lineNumber++;
                if (line.isBlank()) {
                    continue;
                }
                rows++;
                String[] f = fields(line);
                String domain = domainAt < f.length ? f[domainAt] : "";
                try {
                    ListingUpdate update = new ListingUpdate(price(priceAt < f.length ? f[priceAt] : ""),
                            optional(f, categoryAt), optional(f, statusAt));
                    var result = writer.upsert(DomainNames.parse(domain), update, clock.instant());
                    if (result.created()) {
                        created++;
                    } else if (result.changed()) {
                        updated++;
                    } else {
                        unchanged++;
                    }
                } catch (ApiException e) {
                    rejected++;
                    if (rejections.size() < MAX_LISTED_REJECTIONS) {
                        rejections.add(new Rejection(lineNumber, domain, e.getMessage()));
                    }
                }
                if (rows % PROGRESS_EVERY == 0) {
                    progress.accept(rows);
                }
            }
            return new Report(rows, created, updated, unchanged, rejected, rejections);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Long price(String value) {
        try {
            return Long.parseLong(value.replace("$", "").replace("_", ""));
        } catch (NumberFormatException e) {
            throw ApiException.invalidRequest("'price' must be a whole number of USD, got '" + value + "'.");
        }
    }

    private static String optional(String[] fields, int at) {
        return at >= 0 && at < fields.length && !fields[at].isEmpty() ? fields[at] : null;
    }

    /** Splits one CSV line; fields may be double-quoted (no field of this format contains a comma). */
    private static String[] fields(String line) {
        String[] parts = line.split(",", -1);
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i].strip();
            if (p.length() >= 2 && p.startsWith("\"") && p.endsWith("\"")) {
                p = p.substring(1, p.length() - 1).strip();
            }
            parts[i] = p;
        }
        return parts;
    }
}
