package domainintel.market;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The bundled sales file read by the test itself, not by production code, so that figures of the
 * trends can be recomputed independently: plain string handling and sorting.
 */
final class RawSales {
    static final Path FILE = Path.of("src/main/resources/data/sales/sales.csv");

    record Row(String domain, long price, String date, String source) {
        boolean dated() {
            return date.length() == 10;
        }

        String month() {
            return date.substring(0, 7);
        }

        String label() {
            return domain.substring(0, domain.indexOf('.'));
        }

        boolean inComOnly() {
            return domain.matches("[a-z0-9-]+\\.com");
        }
    }

    static List<Row> read() {
        try {
            List<Row> rows = new ArrayList<>();
            List<String> lines = Files.readAllLines(FILE);
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split(",", -1);
                rows.add(new Row(f[0], Long.parseLong(f[1]), f[2], f[4]));
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Long> prices(List<Row> rows, Predicate<Row> which) {
        return rows.stream().filter(which).map(Row::price).sorted().toList();
    }

    /** Mean of the two middle prices for an even count, rounded half up to a whole dollar. */
    static long median(List<Long> sorted) {
        int n = sorted.size();
        return (sorted.get((n - 1) / 2) + sorted.get(n / 2) + 1) / 2;
    }

    static long sum(List<Long> prices) {
        return prices.stream().mapToLong(Long::longValue).sum();
    }
}
