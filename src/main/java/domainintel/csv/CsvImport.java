package domainintel.csv;

import domainintel.contract.Rejection;
import io.micronaut.serde.annotation.Serdeable;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The shape every admin CSV import shares (inventory, sales): a header row naming the columns, then
 * one record a row. Each row goes to a handler that rejects it by throwing a {@link Rejection};
 * rejected rows are reported with their line number and reason, never silently dropped.
 */
public final class CsvImport {
    /** Rejections listed in full up to this many; the count is always exact. */
    public static final int MAX_LISTED_REJECTIONS = 100;
    static final int PROGRESS_EVERY = 1_000;
    static final String NOT_STORED = "The row could not be stored just now; send it again.";
    private static final Logger LOG = LoggerFactory.getLogger(CsvImport.class);

    private CsvImport() {
    }

    @Serdeable
    public record RejectedRow(long line, String domain, String reason) {
    }

    /** How many non-blank data rows were read and which were rejected. */
    public record Outcome(long rows, long rejected, List<RejectedRow> rejections) {
    }

    /** A row handler; throwing {@link Rejection} rejects the row with the exception's message. */
    @FunctionalInterface
    public interface RowHandler {
        void accept(Row row);
    }

    /** One data row, its fields looked up by (lower-case) column name. */
    public static final class Row {
        private final long line;
        private final List<String> columns;
        private final String[] fields;

        Row(long line, List<String> columns, String[] fields) {
            this.line = line;
            this.columns = columns;
            this.fields = fields;
        }

        public long line() {
            return line;
        }

        /** The field under {@code column}, empty when the column or the field is absent. */
        public String get(String column) {
            int at = columns.indexOf(column);
            return at >= 0 && at < fields.length ? fields[at] : "";
        }

        public Optional<String> optional(String column) {
            String value = get(column);
            return value.isEmpty() ? Optional.empty() : Optional.of(value);
        }
    }

    /**
     * Reads {@code csv}: refuses the whole file ({@code invalid_request}) if it is empty or its header
     * lacks a {@code required} column, described to the caller as {@code format}; otherwise hands each
     * non-blank row to {@code handler}, naming a rejected row by its {@code keyColumn} field.
     */
    public static Outcome read(Reader csv, String format, List<String> required, String keyColumn,
                               RowHandler handler, Consumer<Long> progress) {
        try (BufferedReader reader = new BufferedReader(csv)) {
            String header = reader.readLine();
            if (header == null) {
                throw Rejection.invalidRequest("The CSV is empty; expected a header row '" + format + "'.");
            }
            List<String> columns = Arrays.stream(fields(header.replace("\uFEFF", ""))).map(c -> c.toLowerCase(Locale.ROOT)).toList();
            if (!columns.containsAll(required)) {
                throw Rejection.invalidRequest("The CSV header must name the columns '" + String.join("', '", required)
                        + "' (format: '" + format + "').");
            }
            long rows = 0;
            long rejected = 0;
            List<RejectedRow> rejections = new ArrayList<>();
            long lineNumber = 1;
            String line;
            while ((line = reader.readLine()) != null) {
                lineNumber++;
                if (line.isBlank()) {
                    continue;
                }
                rows++;
                Row row = new Row(lineNumber, columns, fields(line));
                try {
                    handler.accept(row);
                } catch (Rejection e) {
                    rejected++;
                    if (rejections.size() < MAX_LISTED_REJECTIONS) {
                        rejections.add(new RejectedRow(lineNumber, row.get(keyColumn), e.getMessage()));
                    }
                } catch (RuntimeException e) {
                    // A row the store could not take (a conflict that outlasted its retries, a dropped
                    // connection): reported like a rejected row, so the caller knows exactly which rows to
                    // send again, and the rest of the file still applies.
                    LOG.warn("CSV row {} could not be stored: {}", lineNumber, e.toString());
                    rejected++;
                    if (rejections.size() < MAX_LISTED_REJECTIONS) {
                        rejections.add(new RejectedRow(lineNumber, row.get(keyColumn), NOT_STORED));
                    }
                }
                if (rows % PROGRESS_EVERY == 0) {
                    progress.accept(rows);
                }
            }
            return new Outcome(rows, rejected, rejections);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Splits one CSV line; fields may be double-quoted (no field of these formats contains a comma). */
    static String[] fields(String line) {
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
