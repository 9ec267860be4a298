package domainintel.valuation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
    private final Tree[] trees;

    private TreeEnsemble(List<String> featureNames, Tree[] trees) {
        this.featureNames = featureNames;
        this.trees = trees;
    }

    public List<String> featureNames() {
        return featureNames;
    }

    public int size() {
        return trees.length;
    }

    public double predict(double[] row) {
        double sum = 0;
        for (Tree tree : trees) {
            sum += tree.leafValue[tree.leafOf(row)];
        }
        return sum;
    }

    /**
     * Per-feature contributions to {@link #predict}: element {@code i} for feature {@code i}, and the
     * last element the base value every prediction starts from. They sum to the prediction.
     */
    public double[] contributions(double[] row) {
        double[] contributions = new double[featureNames.size() + 1];
        for (Tree tree : trees) {
            tree.attribute(row, contributions);
        }
        return contributions;
    }

    /** Parses the output of LightGBM's {@code saveModelToString}. */
    public static TreeEnsemble parse(String text) {
        List<String> names = null;
        List<Tree> trees = new ArrayList<>();
        Map<String, String> block = null;
        for (String line : text.split("\n")) {
            if (line.startsWith("feature_names=") && names == null) {
                names = List.of(line.substring("feature_names=".length()).trim().split(" "));
            } else if (line.startsWith("Tree=")) {
                block = new HashMap<>();
            } else if (block != null && line.isBlank()) {
                trees.add(new Tree(block));
                block = null;
            } else if (block != null) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    block.put(line.substring(0, eq), line.substring(eq + 1).trim());
                }
            } else if (line.startsWith("end of trees")) {
                break;
            }
        }
        if (names == null || trees.isEmpty()) {
            throw new IllegalArgumentException("not a LightGBM model: no feature names or no trees");
        }
        return new TreeEnsemble(names, trees.toArray(new Tree[0]));
    }

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

        Tree(Map<String, String> f) {
            leafValue = doubles(f.get("leaf_value"));
            if (Integer.parseInt(f.get("num_leaves")) > 1) {
                splitFeature = ints(f.get("split_feature"));
                threshold = doubles(f.get("threshold"));
                decisionType = ints(f.get("decision_type"));
                left = ints(f.get("left_child"));
                right = ints(f.get("right_child"));
                internalValue = doubles(f.get("internal_value"));
            } else {
                splitFeature = new int[0];
                threshold = new double[0];
                decisionType = new int[0];
                left = new int[0];
                right = new int[0];
                internalValue = new double[0];
            }
            boolean hasCategories = Integer.parseInt(f.getOrDefault("num_cat", "0")) > 0;
            catBoundaries = hasCategories ? ints(f.get("cat_boundaries")) : new int[0];
            catThreshold = hasCategories ? Arrays.stream(f.get("cat_threshold").split(" ")).mapToLong(Long::parseLong).toArray() : new long[0];
        }

        int leafOf(double[] row) {
            if (left.length == 0) {
                return 0;
            }
            int node = 0;
            while (node >= 0) {
                node = next(node, row[splitFeature[node]]);
            }
            return ~node;
        }

        void attribute(double[] row, double[] contributions) {
            int base = contributions.length - 1;
            if (left.length == 0) {
                contributions[base] += leafValue[0];
                return;
            }
            contributions[base] += internalValue[0];
            int node = 0;
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
                int set = (int) threshold[node];
                int word = category / 32;
                int from = catBoundaries[set];
                if (word >= catBoundaries[set + 1] - from) {
                    return right[node];
                }
                return ((catThreshold[from + word] >>> (category % 32)) & 1) != 0 ? left[node] : right[node];
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

        private static int[] ints(String s) {
            return Arrays.stream(s.split(" ")).mapToInt(Integer::parseInt).toArray();
        }

        private static double[] doubles(String s) {
            return Arrays.stream(s.split(" ")).mapToDouble(Double::parseDouble).toArray();
        }
    }
}
