package domainintel.sales;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads the bundled real sales ({@code domain,price_usd,date,venue,source}; date is YYYY-MM-DD,
 * a bare year, or empty; venue may be empty). The file is ours and well-formed; a malformed row is a packaging bug, so it fails loudly.
 */
public final class SalesCsv {
    public static final String RESOURCE = "/data/sales/sales.csv";

    private SalesCsv() {
    }

    public static List<Sale> bundled() {
        var in = Objects.requireNonNull(SalesCsv.class.getResourceAsStream(RESOURCE), RESOURCE);
        try (var reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            List<Sale> sales = new ArrayList<>(40_000);
            String line = reader.readLine(); // header
            while ((line = reader.readLine()) != null) {
                String[] f = line.split(",", -1);
                LocalDate date = f[2].length() == 10 ? date(f[2]) : null;
                Integer year = date != null ? Integer.valueOf(date.getYear()) : f[2].length() == 4 ? Integer.valueOf(f[2]) : null;
                sales.add(new Sale(f[0], Long.parseLong(f[1]), date, year, f[3].isEmpty() ? null : f[3], f[4]));
            }
            return sales;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** YYYY-MM-DD read by hand: LocalDate.parse's formatter machinery was a tenth of the valuator's start-up. */
    private static LocalDate date(String text) {
        if (text.charAt(4) != '-' || text.charAt(7) != '-') {
            return LocalDate.parse(text); // not that form: fails loudly
        }
        return LocalDate.of(Integer.parseInt(text, 0, 4, 10), Integer.parseInt(text, 5, 7, 10), Integer.parseInt(text, 8, 10, 10));
    }
}
