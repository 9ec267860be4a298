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
 * The on-disk form of a {@link ValuationModel}: one gzipped text file (header, short-class shifts, vocabularies, price
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
                               ShortClassShifts shortClasses, ResidualRanges ranges, MarketabilityGate gate, RecordedSales recorded) {
        var body = new StringBuilder();
        body.append("coverage=").append(ValuationModel.COVERAGE).append('\n');
        for (Market market : Market.values()) {
            body.append("market.").append(market.wireName()).append('=').append(encoder.evidence().marketMean(market)).append('\n');
            body.append("ranges.").append(market.wireName()).append('=').append(ranges.format(market)).append('\n');
            body.append("calibration.").append(market.wireName()).append('=').append(calibration.format(market)).append('\n');
        }
        body.append("shortclass.kinds=").append(perMarket(shortClasses::kind)).append('\n');
        body.append("shortclass.priors=").append(perMarket(shortClasses::prior)).append('\n');
        shortClasses.byClass().forEach((key, shifts) -> body.append("c\t").append(ShortClassShifts.format(key, shifts)).append('\n'));
        body.append("gate=").append(gate.slope()).append(' ').append(gate.shift()).append('\n');
        if (!gate.ceiling().equals(MarketabilityGate.Ceiling.NONE)) {
            var c = gate.ceiling();
            body.append("ceiling=").append(c.capBelow()).append(' ').append(c.retailCap()).append(' ').append(c.wholesaleCap()).append(' ')
                    .append(c.rise()).append('\n');
        }
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
     * Reads a model. Start-up time matters (every cold Lambda pays it), so the price trees are parsed
     * on another thread while this one reads the header and the marketability trees, everything is
     * read in place (see {@link DecimalText}, {@link TreeEnsemble#parse(String, int, int)}), and the
     * evidence and recorded sales stay lines of the text, found by key when asked for (see {@link SortedTextMap}).
     */
    public static ValuationModel read(InputStream gzipped) throws IOException {
        String text = gunzip(gzipped);
        if (!text.startsWith(MAGIC + "\n")) {
            throw new IOException("not a valuation model artifact");
        }
        int marketabilityAt = text.indexOf("\n[marketability]\n");
        int treesAt = text.indexOf("\n[trees]\n", Math.max(marketabilityAt, 0));
        if (marketabilityAt < 0 || treesAt < 0) {
            throw new IOException("valuation model artifact without its trees");
        }
        CompletableFuture<TreeEnsemble> trees = CompletableFuture.supplyAsync(
                () -> TreeEnsemble.parse(text, treesAt + "\n[trees]\n".length(), text.length()));
        String version = null;
        double[] means = new double[Market.values().length];
        List<List<ResidualRanges.Band>> ranges = new java.util.ArrayList<>(java.util.Collections.nCopies(Market.values().length, List.of()));
        List<String> tlds = List.of();
        List<String> shapes = List.of();
        var words = new SortedTextMap.Builder();
        var tldTallies = new SortedTextMap.Builder();
        var labels = new SortedTextMap.Builder();
        var recorded = new SortedTextMap.Builder();
        double recordedPrior = 1;
        // An artifact written before short-class shifts existed has none.
        List<String> shortClasses = new java.util.ArrayList<>();
        double[] shortClassPriors = new double[Market.values().length];
        java.util.Arrays.fill(shortClassPriors, Double.POSITIVE_INFINITY);
        double[] shortClassKinds = new double[Market.values().length];
        MarketabilityGate gate = MarketabilityGate.IDENTITY;
        // An artifact written before ceilings existed has none.
        var ceiling = MarketabilityGate.Ceiling.NONE;
        // An artifact written before calibrations existed has none: its estimates stand as they are.
        List<List<PriceCalibration.Knot>> calibration = new java.util.ArrayList<>(java.util.Collections.nCopies(Market.values().length, List.of()));
        for (int at = MAGIC.length() + 1, end; at <= marketabilityAt; at = end + 1) {
            end = text.indexOf('\n', at);
            if (at + 1 < end && text.charAt(at + 1) == '\t') {
                switch (text.charAt(at)) {
                    case 'w' -> words.add(at + 2);
                    case 't' -> tldTallies.add(at + 2);
                    case 'l' -> labels.add(at + 2);
                    case 's' -> recorded.add(at + 2);
                    case 'c' -> shortClasses.add(text.substring(at + 2, end));
                    default -> throw new IOException("unknown line in the valuation model artifact: " + text.substring(at, end));
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
            } else if (line.startsWith("ceiling=")) {
                String[] f = line.substring(8).split(" ");
                ceiling = new MarketabilityGate.Ceiling(Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2]),
                        Double.parseDouble(f[3]));
            } else if (line.startsWith("tlds=")) {
                tlds = words(line.substring(5));
            } else if (line.startsWith("shapes=")) {
                shapes = words(line.substring(7));
            } else if (line.startsWith("shortclass.kinds=")) {
                shortClassKinds = perMarket(line.substring(17));
            } else if (line.startsWith("shortclass.priors=")) {
                shortClassPriors = perMarket(line.substring(18));
            } else if (line.startsWith("recorded.prior=")) {
                recordedPrior = Double.parseDouble(line.substring(15));
            }
        }
        try {
            TreeEnsemble marketability = TreeEnsemble.parse(text, marketabilityAt + "\n[marketability]\n".length(), treesAt + 1);
            var evidence = new PriceEvidence(means, words.build(text, ModelArtifact::tally), tldTallies.build(text, ModelArtifact::tally),
                    labels.build(text, ModelArtifact::tally));
            return new ValuationModel(version, trees.join(), marketability, new FeatureEncoder(tlds, shapes, evidence),
                    new PriceCalibration(calibration), ShortClassShifts.parse(shortClasses, shortClassKinds, shortClassPriors), new ResidualRanges(ranges),
                    new MarketabilityGate(gate.slope(), gate.shift(), ceiling), new RecordedSales(recorded.build(text, ModelArtifact::sums), recordedPrior));
        } catch (IllegalArgumentException e) {
            throw new IOException("unreadable valuation model artifact", e);
        } catch (java.util.concurrent.CompletionException e) {
            throw new IOException("unreadable trees in the valuation model artifact", e.getCause());
        }
    }

    /**
     * The artifact as text, inflated into one array of the size its gzip trailer gives (the size
     * modulo 2^32, ample for a model): reading it in growing chunks copied it twice more.
     */
    private static String gunzip(InputStream in) throws IOException {
        byte[] gzipped = in.readAllBytes();
        if (gzipped.length < 18) {
            throw new IOException("not a valuation model artifact");
        }
        int size = java.nio.ByteBuffer.wrap(gzipped, gzipped.length - 4, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
        // Deflate inflates at most 1,032 to 1: a larger size is a damaged file, not an array to allocate.
        if (size < 0 || size > 1032L * gzipped.length) {
            throw new IOException("valuation model artifact with a damaged gzip trailer");
        }
        byte[] raw = new byte[size];
        try (var inflating = new GZIPInputStream(new java.io.ByteArrayInputStream(gzipped), 1 << 16)) {
            if (inflating.readNBytes(raw, 0, size) != size || inflating.read() != -1) {
                throw new IOException("valuation model artifact of another size than its gzip trailer says");
            }
        }
        return new String(raw, StandardCharsets.UTF_8);
    }

    /** A line of evidence: weighted sum, weight, count. */
    private static PriceEvidence.Tally tally(String text, int from, int to) {
        int first = text.indexOf('\t', from);
        int second = text.indexOf('\t', first + 1);
        return new PriceEvidence.Tally(DecimalText.parseDouble(text, from, first), DecimalText.parseDouble(text, first + 1, second),
                Integer.parseInt(text, second + 1, to, 10));
    }

    /** A line of recorded sales: its sums, per market. */
    private static double[] sums(String text, int from, int to) {
        int fields = 1;
        for (int i = text.indexOf('\t', from); i >= 0 && i < to; i = text.indexOf('\t', i + 1)) {
            fields++;
        }
        double[] sums = new double[fields];
        for (int i = 0, start = from; i < fields; i++) {
            int tab = i + 1 < fields ? text.indexOf('\t', start) : to;
            sums[i] = DecimalText.parseDouble(text, start, tab);
            start = tab + 1;
        }
        return sums;
    }

    private static void appendTrees(StringBuilder body, String treeText) {
        treeText.lines().filter(line -> !TRAINING_STATISTICS.contains(line.substring(0, Math.max(0, line.indexOf('=')))))
                .forEach(line -> body.append(line).append('\n'));
    }

    private static Market market(String wireName) {
        return WireNames.parseStored(Market.class, wireName);
    }

    /** One number per market, in {@link Market} order, as a line of the artifact writes them. */
    private static String perMarket(java.util.function.ToDoubleFunction<Market> value) {
        return java.util.Arrays.stream(Market.values()).map(m -> Double.toString(value.applyAsDouble(m)))
                .collect(java.util.stream.Collectors.joining(" "));
    }

    /** The numbers {@link #perMarket(java.util.function.ToDoubleFunction)} wrote. */
    private static double[] perMarket(String joined) throws IOException {
        double[] values = java.util.Arrays.stream(joined.split(" ")).mapToDouble(Double::parseDouble).toArray();
        if (values.length != Market.values().length) {
            throw new IOException("valuation model artifact: " + values.length + " of " + Market.values().length + " numbers, one per market: " + joined);
        }
        return values;
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
