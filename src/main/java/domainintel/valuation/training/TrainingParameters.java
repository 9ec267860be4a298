package domainintel.valuation.training;

/**
 * LightGBM settings, for the price-if-sold trees and for the marketability classifier. Chosen on
 * out-of-fold figures within the training split only. Deterministic: fixed seed, thread count and
 * row-wise histograms.
 */
record TrainingParameters(int seed, int rounds, double learningRate, int leaves, int minDataInLeaf, int marketabilityRounds) {
    static TrainingParameters defaults(int seed) {
        return new TrainingParameters(seed, 400, 0.03, 31, 100, 300);
    }

    String lightGbm() {
        // Huber loss: a few freak sales (a $5 million name among $300 ones) should not bend every tree.
        return "objective=huber alpha=1.0 learning_rate=" + learningRate + " num_leaves=" + leaves
                + " min_data_in_leaf=" + minDataInLeaf + common();
    }

    String marketabilityLightGbm() {
        return "objective=binary learning_rate=0.05 num_leaves=31 min_data_in_leaf=50" + common();
    }

    private String common() {
        return " feature_fraction=0.8 bagging_fraction=0.8 bagging_freq=1"
                + " lambda_l2=1.0 cat_smooth=10 cat_l2=10 max_cat_to_onehot=4 verbosity=-1"
                + " seed=" + seed + " deterministic=true force_row_wise=true num_threads=2";
    }
}
