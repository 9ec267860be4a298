package domainintel.valuation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A LightGBM regression model evaluated in plain Java from LightGBM's own text format, so that
 * serving needs no native library (training does; see {@code valuation.training}). Besides the
 * prediction it attributes the prediction to features along each tree's decision path (Saabas'
 * method: every split is credited with the change in expected value it causes), which is exact
 * in total, costs one tree walk, and is what the drivers of a valuation are made from.
 */
public final class TreeEnsemble {
    private static final int CATEGORICAL = 1;
    private static final int DEFAULT_LEFT = 2;
    private static final int MISSING_ZERO = 1;
    private static final int MISSING_NAN = 2;
    private static final double ZERO_THRESHOLD = 1e-35;

    private final List<String> featureNames;
    private final Nodes nodes;

    private TreeEnsemble(List<String> featureNames, List<Tree> trees) {
        this.featureNames = featureNames;
        this.nodes = new Nodes(trees);
    }

    public List<String> featureNames() {
        return featureNames;
    }

    public int size() {
        return nodes.roots.length;
    }

    public double predict(double[] row) {
        double sum = 0;
        for (int root : nodes.roots) {
            sum += nodes.leafValue[~nodes.leafOf(root, row)];
        }
        return sum;
    }

    /**
     * Per-feature contributions to {@link #predict}: element {@code i} for feature {@code i}, and the
     * last element the base value every prediction starts from. They sum to the prediction.
     */
    public double[] contributions(double[] row) {
        double[] contributions = new double[featureNames.size() + 1];
        for (int root : nodes.roots) {
            nodes.attribute(root, row, contributions);
        }
        return contributions;
    }

    /** Parses the output of LightGBM's {@code saveModelToString}. */
    public static TreeEnsemble parse(String text) {
        return parse(text, 0, text.length());
    }

    /**
     * The same from {@code text} between {@code from} and {@code to}, read in place (a model artifact holds two
     * ensembles and start-up parses some 130,000 numbers: no line, field or number is made a string of its own).
     */
    static TreeEnsemble parse(String text, int from, int to) {
        List<String> names = null;
        List<Tree> trees = new ArrayList<>();
        int[] block = null;
        for (int at = from, end; at < to; at = end + 1) {
            end = text.indexOf('\n', at);
            if (end < 0 || end > to) {
                end = to;
            }
            if (text.startsWith("feature_names=", at) && names == null) {
                names = List.of(text.substring(at + "feature_names=".length(), end).trim().split(" "));
            } else if (text.startsWith("Tree=", at)) {
                block = Field.newBlock();
            } else if (block != null && blank(text, at, end)) {
                trees.add(new Tree(text, block));
                block = null;
            } else if (block != null) {
                Field.record(text, at, end, block);
            } else if (text.startsWith("end of trees", at)) {
                break;
            }
        }
        if (names == null || trees.isEmpty()) {
            throw new IllegalArgumentException("not a LightGBM model: no feature names or no trees");
        }
        return new TreeEnsemble(names, trees);
    }

    private static boolean blank(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!Character.isWhitespace(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** The lines of a tree that serving reads; a block holds where each one's value starts and ends in the text. */
    private enum Field {
        NUM_LEAVES, NUM_CAT, SPLIT_FEATURE, THRESHOLD, DECISION_TYPE, LEFT_CHILD, RIGHT_CHILD, LEAF_VALUE, INTERNAL_VALUE,
        CAT_BOUNDARIES, CAT_THRESHOLD;

        private static final Field[] ALL = values();
        private final String key = name().toLowerCase(java.util.Locale.ROOT);

        static int[] newBlock() {
            int[] block = new int[2 * ALL.length];
            Arrays.fill(block, -1);
            return block;
        }

        /** Notes the value of a {@code key=value} line if serving reads that key, trimmed as LightGBM's own reader does. */
        static void record(String text, int from, int to, int[] block) {
            int eq = text.indexOf('=', from);
            if (eq <= from || eq >= to) {
                return;
            }
            for (Field field : ALL) {
                if (field.key.length() == eq - from && text.startsWith(field.key, from)) {
                    int start = eq + 1;
                    int end = to;
                    while (start < end && Character.isWhitespace(text.charAt(start))) {
                        start++;
                    }
                    while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
                        end--;
                    }
                    block[2 * field.ordinal()] = start;
                    block[2 * field.ordinal() + 1] = end;
                    return;
                }
            }
        }

        boolean in(int[] block) {
            return block[2 * ordinal()] >= 0;
        }

        int integer(String text, int[] block) {
            return Integer.parseInt(text, start(block), block[2 * ordinal() + 1], 10);
        }

        private int start(int[] block) {
            if (!in(block)) {
                throw new IllegalArgumentException("LightGBM tree without " + key);
            }
            return block[2 * ordinal()];
        }

        /** Start and end of each space-separated number of the value. */
        int[] tokens(String text, int[] block) {
            int from = start(block);
            int to = block[2 * ordinal() + 1];
            int count = 1;
            for (int i = text.indexOf(' ', from); i >= 0 && i < to; i = text.indexOf(' ', i + 1)) {
                count++;
            }
            int[] bounds = new int[2 * count];
            int start = from;
            for (int k = 0; k < count; k++) {
                int space = k + 1 < count ? text.indexOf(' ', start) : to;
                bounds[2 * k] = start;
                bounds[2 * k + 1] = space;
                start = space + 1;
            }
            return bounds;
        }

        int[] ints(String text, int[] block) {
            int[] bounds = tokens(text, block);
            int[] values = new int[bounds.length / 2];
            for (int i = 0; i < values.length; i++) {
                values[i] = Integer.parseInt(text, bounds[2 * i], bounds[2 * i + 1], 10);
            }
            return values;
        }

        long[] longs(String text, int[] block) {
            int[] bounds = tokens(text, block);
            long[] values = new long[bounds.length / 2];
            for (int i = 0; i < values.length; i++) {
                values[i] = Long.parseLong(text, bounds[2 * i], bounds[2 * i + 1], 10);
            }
            return values;
        }

        /** Exactly as {@link Double#parseDouble} reads them (see {@link DecimalText}). */
        double[] doubles(String text, int[] block) {
            int[] bounds = tokens(text, block);
            double[] values = new double[bounds.length / 2];
            for (int i = 0; i < values.length; i++) {
                values[i] = DecimalText.parseDouble(text, bounds[2 * i], bounds[2 * i + 1]);
            }
            return values;
        }
    }

    /** One tree as its text gives it, before {@link Nodes} puts it beside the others. */
    private static final class Tree {
        final int[] splitFeature;
        final double[] threshold;
        final int[] decisionType;
        final int[] left;
        final int[] right;
        final double[] leafValue;
        final double[] internalValue;
        final int[] catBoundaries;
        final long[] catThreshold;

        Tree(String text, int[] block) {
            leafValue = Field.LEAF_VALUE.doubles(text, block);
            if (Field.NUM_LEAVES.integer(text, block) > 1) {
                splitFeature = Field.SPLIT_FEATURE.ints(text, block);
                threshold = Field.THRESHOLD.doubles(text, block);
                decisionType = Field.DECISION_TYPE.ints(text, block);
                left = Field.LEFT_CHILD.ints(text, block);
                right = Field.RIGHT_CHILD.ints(text, block);
                internalValue = Field.INTERNAL_VALUE.doubles(text, block);
            } else {
                splitFeature = new int[0];
                threshold = new double[0];
                decisionType = new int[0];
                left = new int[0];
                right = new int[0];
                internalValue = new double[0];
            }
            boolean hasCategories = Field.NUM_CAT.in(block) && Field.NUM_CAT.integer(text, block) > 0;
            catBoundaries = hasCategories ? Field.CAT_BOUNDARIES.ints(text, block) : new int[0];
            catThreshold = hasCategories ? Field.CAT_THRESHOLD.longs(text, block) : new long[0];
        }
    }

    /**
     * Every tree's nodes in one set of arrays, tree after tree: a valuation walks some 1,100 trees, and with each
     * tree's six arrays objects of their own the walks spent their time fetching them. A child or root {@code >= 0}
     * is a node, {@code ~i} leaf {@code i}; a categorical node's threshold is where its category bits start.
     */
    private static final class Nodes {
        final int[] roots;
        final int[] splitFeature;
        final double[] threshold;
        final int[] decisionType;
        final int[] left;
        final int[] right;
        final double[] internalValue;
        final double[] leafValue;
        /** Per categorical node, how many words of category bits it has. */
        final int[] catWords;
        final long[] catThreshold;

        Nodes(List<Tree> trees) {
            int nodeCount = 0;
            int leafCount = 0;
            int catCount = 0;
            for (Tree tree : trees) {
                nodeCount += tree.left.length;
                leafCount += tree.leafValue.length;
                catCount += tree.catThreshold.length;
            }
            roots = new int[trees.size()];
            splitFeature = new int[nodeCount];
            threshold = new double[nodeCount];
            decisionType = new int[nodeCount];
            left = new int[nodeCount];
            right = new int[nodeCount];
            internalValue = new double[nodeCount];
            catWords = new int[nodeCount];
            leafValue = new double[leafCount];
            catThreshold = new long[catCount];
            int nodeAt = 0;
            int leafAt = 0;
            int catAt = 0;
            for (int t = 0; t < trees.size(); t++) {
                Tree tree = trees.get(t);
                roots[t] = tree.left.length == 0 ? ~leafAt : nodeAt;
                for (int n = 0; n < tree.left.length; n++) {
                    int node = nodeAt + n;
                    splitFeature[node] = tree.splitFeature[n];
                    decisionType[node] = tree.decisionType[n];
                    left[node] = tree.left[n] >= 0 ? nodeAt + tree.left[n] : ~(leafAt + ~tree.left[n]);
                    right[node] = tree.right[n] >= 0 ? nodeAt + tree.right[n] : ~(leafAt + ~tree.right[n]);
                    internalValue[node] = tree.internalValue[n];
                    if ((tree.decisionType[n] & CATEGORICAL) != 0) {
                        int set = (int) tree.threshold[n];
                        threshold[node] = catAt + tree.catBoundaries[set];
                        catWords[node] = tree.catBoundaries[set + 1] - tree.catBoundaries[set];
                    } else {
                        threshold[node] = tree.threshold[n];
                    }
                }
                System.arraycopy(tree.leafValue, 0, leafValue, leafAt, tree.leafValue.length);
                System.arraycopy(tree.catThreshold, 0, catThreshold, catAt, tree.catThreshold.length);
                nodeAt += tree.left.length;
                leafAt += tree.leafValue.length;
                catAt += tree.catThreshold.length;
            }
        }

        /** The leaf {@code row} reaches from {@code root}, as {@code ~leaf}. */
        int leafOf(int root, double[] row) {
            int node = root;
            while (node >= 0) {
                node = next(node, row[splitFeature[node]]);
            }
            return node;
        }

        void attribute(int root, double[] row, double[] contributions) {
            int base = contributions.length - 1;
            if (root < 0) {
                contributions[base] += leafValue[~root];
                return;
            }
            contributions[base] += internalValue[root];
            int node = root;
            while (node >= 0) {
                int child = next(node, row[splitFeature[node]]);
                double childValue = child >= 0 ? internalValue[child] : leafValue[~child];
                contributions[splitFeature[node]] += childValue - internalValue[node];
                node = child;
            }
        }

        /** LightGBM's own decision rule, including its treatment of missing values. */
        private int next(int node, double value) {
            int type = decisionType[node];
            if ((type & CATEGORICAL) != 0) {
                if (Double.isNaN(value) || value < 0) {
                    return right[node];
                }
                int category = (int) value;
                int word = category / 32;
                if (word >= catWords[node]) {
                    return right[node];
                }
                return ((catThreshold[(int) threshold[node] + word] >>> (category % 32)) & 1) != 0 ? left[node] : right[node];
            }
            int missing = (type >> 2) & 3;
            if (Double.isNaN(value) && missing != MISSING_NAN) {
                value = 0;
            }
            if ((missing == MISSING_ZERO && Math.abs(value) <= ZERO_THRESHOLD) || (missing == MISSING_NAN && Double.isNaN(value))) {
                return (type & DEFAULT_LEFT) != 0 ? left[node] : right[node];
            }
            return value <= threshold[node] ? left[node] : right[node];
        }
    }
}
