package domainintel.valuation;

import domainintel.contract.WireNames;
import domainintel.sales.Market;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The on-disk form of a {@link ValuationModel}: one gzipped text file (header, vocabularies, price
 * evidence, recorded sales, then LightGBM's own tree text for the marketability classifier and for
 * the price-if-sold trees, less the per-node training statistics that serving
 * never reads, which would double what start-up parses). Text rather than Java serialization so that a
 * reviewer can read what the model knows; the JDK's gzip writes no timestamp, so the same seed
 * gives a byte-identical file.
 */
public final class ModelArtifact {
    /** Where the committed model lives on the classpath. */
    public static final String RESOURCE = "/model/valuation-model.txt.gz";
    private static final String MAGIC = "domain-intel-valuation-model 4";
    /** Lines of LightGBM's tree text that describe training (gains, sample counts), not the trees' decisions. */
    private static final java.util.Set<String> TRAINING_STATISTICS = java.util.Set.of(
            "split_gain", "leaf_weight", "leaf_count", "internal_weight", "internal_count", "tree_sizes");

    private ModelArtifact() {
    }

    public static ValuationModel loadBundled() {
        try (InputStream in = ModelArtifact.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("no trained model at " + RESOURCE + "; run the train-model command (see README)");
            }
            return read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes the model without its version and returns the bytes, versioned by their own hash. */
    public static byte[] write(String treeText, String marketabilityText, FeatureEncoder encoder, PriceCalibration calibration,
                               ResidualRanges ranges, MarketabilityGate gate, RecordedSales recorded) {
        var body = new StringBuilder();
        body.append("coverage=").append(ValuationModel.COVERAGE).append('\n');
        for (Market market : Market.values()) {
            body.append("market.").append(market.wireName()).append('=').append(encoder.evidence().marketMean(market)).append('\n');
            body.append("ranges.").append(market.wireName()).append('=').append(ranges.format(market)).append('\n');
            body.append("calibration.").append(market.wireName()).append('=').append(calibration.format(market)).append('\n');
        }
        body.append("gate=").append(gate.slope()).append(' ').append(gate.shift()).append('\n');
        body.append("tlds=").append(String.join(" ", encoder.tldVocabulary())).append('\n');
        body.append("shapes=").append(String.join(" ", encoder.shapeVocabulary())).append('\n');
        appendTallies(body, "w", encoder.evidence().words);
        appendTallies(body, "t", encoder.evidence().tlds);
        appendTallies(body, "l", encoder.evidence().labels);
        body.append("recorded.prior=").append(recorded.prior).append('\n');
        for (var entry : new TreeMap<>(recorded.byName).entrySet()) {
            body.append("s\t").append(entry.getKey());
            for (double v : entry.getValue()) {
                body.append('\t').append((float) v);
            }
            body.append('\n');
        }
        body.append("[marketability]\n");
        appendTrees(body, marketabilityText);
        body.append("[trees]\n");
        appendTrees(body, treeText);
        String version = "gbm-" + HexFormat.of().formatHex(sha256(body.toString())).substring(0, 12);
        var bytes = new ByteArrayOutputStream();
        try (Writer out = new OutputStreamWriter(new GZIPOutputStream(bytes), StandardCharsets.UTF_8)) {
            out.write(MAGIC + "\nversion=" + version + "\n");
            out.write(body.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * Reads a model. Start-up time matters (every cold Lambda pays it), so the two tree sections are
     * parsed on other threads while this one reads the header, and the header's numbers are read in
     * place (see {@link DecimalText}).
     */
    public static ValuationModel read(InputStream gzipped) throws IOException {
        String text = new String(new GZIPInputStream(gzipped).readAllBytes(), StandardCharsets.UTF_8);
        if (!text.startsWith(MAGIC + "\n")) {
            throw new IOException("not a valuation model artifact");
        }
        int marketabilityAt = text.indexOf("\n[marketability]\n");
        int treesAt = text.indexOf("\n[trees]\n", Math.max(marketabilityAt, 0));
        if (marketabilityAt < 0 || treesAt < 0) {
            throw new IOException("valuation model artifact without its trees");
        }
        CompletableFuture<TreeEnsemble> marketability = CompletableFuture.supplyAsync(
                () -> TreeEnsemble.parse(text.substring(marketabilityAt + "\n[marketability]\n".length(), treesAt + 1)));
        CompletableFuture<TreeEnsemble> trees = CompletableFuture.supplyAsync(
                () -> TreeEnsemble.parse(text.substring(treesAt + "\n[trees]\n".length())));
        String version = null;
        double[] means = new double[Market.values().length];
        List<List<ResidualRanges.Band>> ranges = new java.util.ArrayList<>(java.util.Collections.nCopies(Market.values().length, List.of()));
        List<String> tlds = List.of();
        List<String> shapes = List.of();
        Map<String, PriceEvidence.Tally> words = new java.util.HashMap<>(1 << 15);
        Map<String, PriceEvidence.Tally> tldTallies = new java.util.HashMap<>();
        Map<String, PriceEvidence.Tally> labels = new java.util.HashMap<>(1 << 16);
        Map<String, double[]> recorded = new java.util.HashMap<>(1 << 16);
        double recordedPrior = 1;
        MarketabilityGate gate = MarketabilityGate.IDENTITY;
        // An artifact written before calibrations existed has none: its estimates stand as they are.
        List<List<PriceCalibration.Knot>> calibration = new java.util.ArrayList<>(java.util.Collections.nCopies(Market.values().length, List.of()));
        int[] tabs = new int[16];
        for (int at = MAGIC.length() + 1, end; at <= marketabilityAt; at = end + 1) {
            end = text.indexOf('\n', at);
            String kind = text.substring(at, Math.min(at + 2, end));
            if (kind.length() == 2 && kind.charAt(1) == '\t') {
                int fields = tabs(text, at, end, tabs);
                String key = text.substring(tabs[0] + 1, tabs[1]);
                if (kind.charAt(0) == 's') {
                    double[] sums = new double[fields - 2];
                    for (int i = 0; i < sums.length; i++) {
                        sums[i] = DecimalText.parseDouble(text, tabs[i + 1] + 1, i + 2 < fields - 1 ? tabs[i + 2] : end);
                    }
                    recorded.put(key, sums);
                } else {
                    var tally = new PriceEvidence.Tally(DecimalText.parseDouble(text, tabs[1] + 1, tabs[2]),
                            DecimalText.parseDouble(text, tabs[2] + 1, tabs[3]), Integer.parseInt(text, tabs[3] + 1, end, 10));
                    (kind.charAt(0) == 'w' ? words : kind.charAt(0) == 't' ? tldTallies : labels).put(key, tally);
                }
                continue;
            }
            String line = text.substring(at, end);
            if (line.startsWith("version=")) {
                version = line.substring(8);
            } else if (line.startsWith("market.")) {
                int eq = line.indexOf('=');
                means[market(line.substring(7, eq)).ordinal()] = Double.parseDouble(line.substring(eq + 1));
            } else if (line.startsWith("ranges.")) {
                int eq = line.indexOf('=');
                ranges.set(market(line.substring(7, eq)).ordinal(), ResidualRanges.parse(line.substring(eq + 1)));
            } else if (line.startsWith("calibration.")) {
                int eq = line.indexOf('=');
                calibration.set(market(line.substring(12, eq)).ordinal(), PriceCalibration.parse(line.substring(eq + 1)));
            } else if (line.startsWith("gate=")) {
                String[] f = line.substring(5).split(" ");
                gate = new MarketabilityGate(Double.parseDouble(f[0]), Double.parseDouble(f[1]));
            } else if (line.startsWith("tlds=")) {
                tlds = words(line.substring(5));
            } else if (line.startsWith("shapes=")) {
                shapes = words(line.substring(7));
            } else if (line.startsWith("recorded.prior=")) {
                recordedPrior = Double.parseDouble(line.substring(15));
            }
        }
        var evidence = new PriceEvidence(means, words, tldTallies, labels);
        try {
            return new ValuationModel(version, trees.join(), marketability.join(),
                    new FeatureEncoder(tlds, shapes, evidence), new PriceCalibration(calibration), new ResidualRanges(ranges), gate, new RecordedSales(recorded, recordedPrior));
        } catch (java.util.concurrent.CompletionException e) {
            throw new IOException("unreadable trees in the valuation model artifact", e.getCause());
        }
    }

    /** Positions of the tabs in {@code text} between {@code from} and {@code to}, into {@code tabs}; returns the number of fields. */
    private static int tabs(String text, int from, int to, int[] tabs) {
        int count = 0;
        for (int i = text.indexOf('\t', from); i >= 0 && i < to && count < tabs.length; i = text.indexOf('\t', i + 1)) {
            tabs[count++] = i;
        }
        return count + 1;
    }

    private static void appendTrees(StringBuilder body, String treeText) {
        treeText.lines().filter(line -> !TRAINING_STATISTICS.contains(line.substring(0, Math.max(0, line.indexOf('=')))))
                .forEach(line -> body.append(line).append('\n'));
    }

    private static Market market(String wireName) {
        return WireNames.parseStored(Market.class, wireName);
    }

    private static List<String> words(String joined) {
        return joined.isBlank() ? List.of() : List.of(joined.split(" "));
    }

    /** Sums and weights at float precision: ample for evidence, and half the text to parse at start-up. */
    private static void appendTallies(StringBuilder out, String kind, Map<String, PriceEvidence.Tally> tallies) {
        for (var entry : new TreeMap<>(tallies).entrySet()) {
            out.append(kind).append('\t').append(entry.getKey()).append('\t')
                    .append((float) entry.getValue().sum).append('\t').append((float) entry.getValue().weight).append('\t')
                    .append(entry.getValue().count).append('\n');
        }
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
