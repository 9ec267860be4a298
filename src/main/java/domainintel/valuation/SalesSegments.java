package domainintel.valuation;

import domainintel.names.DomainNames;
import domainintel.names.WordSegmenter;
import domainintel.sales.Sale;
import domainintel.sales.SalesCsv;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The bundled sales as the comparables index reads them: each one's extension, label length and
 * label segments (as {@link WordSegmenter} reads the label). Validating and segmenting 38,600 names
 * took about two seconds of every start-up (a valuation Lambda's cold start, a test's context), so
 * they are worked out once, by {@link #main}, and read from {@value #RESOURCE}, one line per row of
 * the sales file: {@code domain TAB tld TAB length TAB segments}, or the domain alone for a row that
 * is no valid name. {@code SalesSegmentsTest} fails when the file is not what the segmenter reads
 * today; rewrite it with
 *
 * <pre>./mvnw -q compile exec:exec -Dexec.executable=java \
 *   -Dexec.args="-cp %classpath domainintel.valuation.SalesSegments src/main/resources/data/sales/sales-segments.tsv"</pre>
 *
 * <p>A file that does not match the sales row for row (sales changed, file not rewritten) is not
 * used: the sales are segmented at start-up, as before.
 */
final class SalesSegments {
    static final String RESOURCE = "/data/sales/sales-segments.tsv";

    /** A sale as the index reads it; {@code tld} is null for a name that is not a valid domain (left out). */
    record Entry(Sale sale, String tld, int length, List<String> segments) {
    }

    private SalesSegments() {
    }

    /** The bundled sales with their segments: read from the file if it matches them, else worked out. */
    static List<Entry> bundled(WordSegmenter segmenter) {
        List<Sale> sales = SalesCsv.bundled();
        try (InputStream in = SalesSegments.class.getResourceAsStream(RESOURCE)) {
            List<Entry> read = in == null ? null : parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), sales);
            return read != null ? read : compute(sales, segmenter);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Entry> compute(List<Sale> sales, WordSegmenter segmenter) {
        List<Entry> entries = new ArrayList<>(sales.size());
        for (Sale sale : sales) {
            var name = DomainNames.tryParse(sale.domain());
            entries.add(name.isEmpty() ? new Entry(sale, null, 0, List.of())
                    : new Entry(sale, name.get().tld(), name.get().length(), segmenter.segment(name.get().label())));
        }
        return entries;
    }

    static String format(List<Entry> entries) {
        var text = new StringBuilder(entries.size() * 40);
        for (Entry entry : entries) {
            text.append(entry.sale().domain());
            if (entry.tld() != null) {
                text.append('\t').append(entry.tld()).append('\t').append(entry.length()).append('\t').append(String.join(" ", entry.segments()));
            }
            text.append('\n');
        }
        return text.toString();
    }

    /** The entries of {@code text} for {@code sales}, or null if its lines are not those sales' domains, in order. */
    static List<Entry> parse(String text, List<Sale> sales) {
        List<Entry> entries = new ArrayList<>(sales.size());
        int at = 0;
        for (Sale sale : sales) {
            int end = text.indexOf('\n', at);
            if (end < 0) {
                return null;
            }
            int tab = text.indexOf('\t', at);
            int domainEnd = tab < 0 || tab > end ? end : tab;
            if (!sale.domain().equals(text.substring(at, domainEnd))) {
                return null;
            }
            if (domainEnd == end) {
                entries.add(new Entry(sale, null, 0, List.of()));
            } else {
                int tldEnd = text.indexOf('\t', tab + 1);
                int lengthEnd = text.indexOf('\t', tldEnd + 1);
                entries.add(new Entry(sale, text.substring(tab + 1, tldEnd), Integer.parseInt(text, tldEnd + 1, lengthEnd, 10),
                        Arrays.asList(text.substring(lengthEnd + 1, end).split(" "))));
            }
            at = end + 1;
        }
        return at == text.length() ? entries : null;
    }

    /** Writes the segments of the bundled sales to the file named by the one argument. */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: SalesSegments OUTPUT.tsv   (the bundled file is " + RESOURCE + " under src/main/resources)");
            System.exit(2);
        }
        var segmenter = NameProfiler.standalone().segmenter();
        Files.writeString(Path.of(args[0]), format(compute(SalesCsv.bundled(), segmenter)), StandardCharsets.UTF_8);
    }
}
