package domainintel.valuation;

import domainintel.sales.Sale;
import domainintel.sales.SalesCsv;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.fail;

/** The bundled sales' segments, worked out ahead for the comparables index, are the segmenter's reading of today. */
class SalesSegmentsTest {
    private static final List<Sale> SALES = SalesCsv.bundled();

    private static String bundledFile() throws IOException {
        try (InputStream in = Objects.requireNonNull(SalesSegments.class.getResourceAsStream(SalesSegments.RESOURCE))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theBundledFileIsWhatTheSegmenterReadsToday() throws IOException {
        String expected = SalesSegments.format(SalesSegments.compute(SALES, NameProfiler.standalone().segmenter()));
        String bundled = bundledFile();
        if (!expected.equals(bundled)) {
            List<String> want = expected.lines().toList();
            List<String> have = bundled.lines().toList();
            int line = 0;
            while (line < Math.min(want.size(), have.size()) && want.get(line).equals(have.get(line))) {
                line++;
            }
            fail(SalesSegments.RESOURCE + " is out of date (line " + (line + 1) + ": expected '"
                    + (line < want.size() ? want.get(line) : "end of file") + "', found '" + (line < have.size() ? have.get(line) : "end of file")
                    + "'); rewrite it with the command in SalesSegments' documentation");
        }
    }

    @Test
    void readsWhatItWritesAndNothingForOtherSales() throws IOException {
        var entries = SalesSegments.parse(bundledFile(), SALES);
        assertEquals(SALES.size(), entries.size());
        assertEquals(bundledFile(), SalesSegments.format(entries));
        var insight = entries.stream().filter(e -> e.sale().domain().equals("insightmanagement.com")).findFirst().orElseThrow();
        assertEquals(new SalesSegments.Entry(insight.sale(), "com", 17, List.of("insight", "management")), insight);

        List<Sale> changed = new ArrayList<>(SALES);
        changed.set(100, new Sale("another.com", 1_000, null, null, null, "dnjournal"));
        assertNull(SalesSegments.parse(bundledFile(), changed), "a row that differs");
        assertNull(SalesSegments.parse(bundledFile(), SALES.subList(0, SALES.size() - 1)), "a row fewer");
        List<Sale> more = new ArrayList<>(SALES);
        more.add(SALES.get(0));
        assertNull(SalesSegments.parse(bundledFile(), more), "a row more");
    }
}
