package domainintel.valuation;

import domainintel.names.DomainNames;
import domainintel.sales.Market;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** What training writes into an artifact is what serving reads back from it, key by key. */
class ModelArtifactTest {
    private static final NameProfiler PROFILER = NameProfiler.standalone();
    private static final Object[] SALES = {
            "carinsurance.com", Market.RETAIL, 50_000, "carinsurance.net", Market.RETAIL, 20_000, "homeinsurance.org", Market.WHOLESALE, 2_000,
            "carwash.com", Market.WHOLESALE, 1_000, "ab.com", Market.RETAIL, 900_000, "ab.com", Market.WHOLESALE, 300_000,
            "lumora.io", Market.RETAIL, 3_000, "carinsurance.com", Market.WHOLESALE, 9_000, "x7-q9.info", Market.WHOLESALE, 60};

    /**
     * LightGBM's text for two trees over the code's features: one split on LENGTH at 5.5 (leaves
     * {@code left}, {@code right}) and one leaf of 0.125.
     */
    private static String trees(double left, double right) {
        String features = Arrays.stream(Feature.values()).map(Enum::name).collect(Collectors.joining(" "));
        return "tree\nversion=v4\nnum_class=1\nfeature_names=" + features + "\n\n"
                + "Tree=0\nnum_leaves=2\nnum_cat=0\nsplit_feature=1\nsplit_gain=12.5\nthreshold=5.5000000000000009\ndecision_type=2\n"
                + "left_child=-1\nright_child=-2\nleaf_value=" + left + " " + right + "\nleaf_count=10 20\ninternal_value=0.5\nshrinkage=1\n\n"
                + "Tree=1\nnum_leaves=1\nleaf_value=0.125\nshrinkage=1\n\n\nend of trees\n";
    }

    /** Two thin classes (shifts in Market order: wholesale, retail), one moved up in both markets (ab.com), one down at retail only. */
    private static final ShortClassShifts SHORT_CLASSES = ShortClassShifts.parse(
            List.of("#com:2:letters\t1.2500\t0.9000", "#net:3:digits\t0.0000\t-0.5000"), new double[]{1.5, 0.25}, new double[]{2.5, 4});
    private static final MarketabilityGate GATE = new MarketabilityGate(2.25, 4.75, new MarketabilityGate.Ceiling(0.2, 400, 150, 3));

    private static byte[] artifact(PriceEvidence evidence, RecordedSales recorded) {
        return ModelArtifact.write(trees(0.25, 1.5), trees(-1, 2), new FeatureEncoder(List.of("com", "net"), List.of("long", "CV"), evidence),
                PriceCalibration.none(), SHORT_CLASSES, ResidualRanges.none(), GATE, recorded);
    }

    @Test
    void readsBackEvidenceRecordedSalesAndTrees() throws IOException {
        var evidenceBuilder = new PriceEvidence.Builder(new double[]{Math.log(1000), Math.log(300)});
        var recordedBuilder = new RecordedSales.Builder();
        for (int i = 0; i < SALES.length; i += 3) {
            var market = (Market) SALES[i + 1];
            double logPrice = Math.log(((Number) SALES[i + 2]).doubleValue());
            evidenceBuilder.add(PROFILER.profile(DomainNames.parse((String) SALES[i])), market, logPrice, 1 + i % 2);
            recordedBuilder.add((String) SALES[i], market, logPrice);
        }
        var evidence = evidenceBuilder.build();
        var recorded = recordedBuilder.build(3);
        byte[] bytes = artifact(evidence, recorded);
        assertArrayEquals(bytes, artifact(evidence, recorded), "the same model, the same bytes");

        ValuationModel model = ModelArtifact.read(new ByteArrayInputStream(bytes));
        var read = model.encoder().evidence();
        assertSameTallies(evidence.words, read.words);
        assertSameTallies(evidence.tlds, read.tlds);
        assertSameTallies(evidence.labels, read.labels);
        assertFalse(read.knowsWord("wash$x"));
        assertNull(read.labels.get("carinsurances"));
        assertEquals(evidence.marketMean(Market.WHOLESALE), read.marketMean(Market.WHOLESALE));

        assertEquals(recorded.size(), model.recorded().size());
        assertEquals(3, model.recorded().prior());
        double[] estimates = {Math.log(10_000), Math.log(2_000)};
        for (String name : recorded.byName.keySet()) {
            assertEquals(recorded.adjust(name, estimates).logShift(), model.recorded().adjust(name, estimates).logShift(), 1e-6, name);
            assertEquals(recorded.adjust(name, estimates).weight(), model.recorded().adjust(name, estimates).weight(), 1e-12, name);
        }
        assertEquals(RecordedSales.Adjustment.NONE, model.recorded().adjust("carinsurance.org", estimates));

        assertEquals(1.5, model.shortClasses().kind(Market.WHOLESALE));
        assertEquals(0.25, model.shortClasses().kind(Market.RETAIL));
        assertEquals(2.5, model.shortClasses().prior(Market.WHOLESALE));
        assertEquals(4, model.shortClasses().prior(Market.RETAIL));
        assertEquals(0.9, model.shortClasses().shift("ab", "com", Market.RETAIL), 1e-12);
        assertEquals(1.25, model.shortClasses().shift("zq", "com", Market.WHOLESALE), 1e-12);
        assertEquals(-0.5, model.shortClasses().shift("123", "net", Market.RETAIL), 1e-12);
        assertEquals(0, model.shortClasses().shift("7", "com", Market.RETAIL), "a class not moved");
        assertEquals(0, model.shortClasses().shift("abcdef", "com", Market.RETAIL), "no class: a longer label");

        assertEquals(GATE, model.gate());
        assertEquals(List.of("com", "net"), model.encoder().tldVocabulary());
        double[] row = new double[Feature.values().length];
        row[Feature.LENGTH.ordinal()] = 5;
        assertEquals(0.25 + 0.125, model.trees().predict(row));
        assertEquals(-1 + 0.125, model.marketability().predict(row));
        row[Feature.LENGTH.ordinal()] = 6;
        assertEquals(1.5 + 0.125, model.trees().predict(row));
        assertEquals(2 + 0.125, model.marketability().predict(row));
        assertArrayEquals(new double[]{0, 1.5 - 0.5, 0}, Arrays.copyOf(model.trees().contributions(row), 3));
    }

    @Test
    void refusesWhatItCannotRead() {
        byte[] bytes = artifact(new PriceEvidence.Builder(new double[2]).build(), RecordedSales.none());
        assertThrows(IOException.class, () -> ModelArtifact.read(new ByteArrayInputStream(Arrays.copyOf(bytes, bytes.length - 1))));
        assertThrows(IOException.class, () -> ModelArtifact.read(new ByteArrayInputStream(new byte[]{1, 2, 3})));
    }

    /** A per-market line with a number missing is a damaged artifact, not a model with one market's numbers shifted into the other. */
    @Test
    void refusesAPerMarketLineWithoutANumberForEachMarket() throws IOException {
        byte[] bytes = artifact(new PriceEvidence.Builder(new double[2]).build(), RecordedSales.none());
        String text;
        try (var in = new java.util.zip.GZIPInputStream(new ByteArrayInputStream(bytes))) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        String damaged = text.replace("shortclass.priors=2.5 4.0\n", "shortclass.priors=2.5\n");
        assertNotEquals(text, damaged, "the line as written");
        var gzipped = new java.io.ByteArrayOutputStream();
        try (var out = new java.util.zip.GZIPOutputStream(gzipped)) {
            out.write(damaged.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        var refused = assertThrows(IOException.class, () -> ModelArtifact.read(new ByteArrayInputStream(gzipped.toByteArray())));
        assertEquals("valuation model artifact: 1 of 2 numbers, one per market: 2.5", refused.getMessage());
    }

    /** Sums and weights are written at float precision; counts exactly. */
    private static void assertSameTallies(Map<String, PriceEvidence.Tally> written, Map<String, PriceEvidence.Tally> read) {
        assertEquals(written.keySet(), read.keySet());
        written.forEach((key, tally) -> {
            var back = read.get(key);
            assertEquals(tally.sum, back.sum, 1e-6 * Math.max(1, Math.abs(tally.sum)), key);
            assertEquals(tally.weight, back.weight, 1e-6 * tally.weight, key);
            assertEquals(tally.count, back.count, key);
        });
    }
}
