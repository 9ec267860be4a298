package domainintel.valuation.training;

import domainintel.valuation.Feature;

/**
 * LightGBM settings, for the price-if-sold trees and for the marketability classifier. Chosen on
 * out-of-fold figures within the training split only. Deterministic: fixed seed, thread count and
 * row-wise histograms.
 */
record TrainingParameters(int seed, int rounds, double learningRate, int leaves, int minDataInLeaf, int marketabilityRounds,
                          String objective, int threads) {
    static TrainingParameters defaults(int seed) {
        // Leaves of 40 sales rather than 100: out of fold, sales of $1M+ came out at a median $0.29M instead
        // of $0.19M, with sold-name error and rank no worse. One thread: on a shared 2-core machine
        // LightGBM's two threads spin waiting for each other (a quick run took 511 s on two, 55 s on one).
        return new TrainingParameters(seed, 400, 0.03, 31, 40, 300, "huber alpha=1.0", 1);
    }

    TrainingParameters withSeed(int newSeed) {
        return new TrainingParameters(newSeed, rounds, learningRate, leaves, minDataInLeaf, marketabilityRounds, objective, threads);
    }

    TrainingParameters withMinDataInLeaf(int sales) {
        return new TrainingParameters(seed, rounds, learningRate, leaves, sales, marketabilityRounds, objective, threads);
    }

    TrainingParameters withObjective(String newObjective) {
        return new TrainingParameters(seed, rounds, learningRate, leaves, minDataInLeaf, marketabilityRounds, newObjective, threads);
    }

    TrainingParameters withRounds(int newRounds, double newLearningRate) {
        return new TrainingParameters(seed, newRounds, newLearningRate, leaves, minDataInLeaf, marketabilityRounds, objective, threads);
    }

    TrainingParameters withThreads(int newThreads) {
        return new TrainingParameters(seed, rounds, learningRate, leaves, minDataInLeaf, marketabilityRounds, objective, newThreads);
    }

    String lightGbm() {
        // Huber loss: a few freak sales (a $5 million name among $300 ones) should not bend every tree.
        return "objective=" + objective + " learning_rate=" + learningRate + " num_leaves=" + leaves
                + " min_data_in_leaf=" + minDataInLeaf + common();
    }

    /**
     * Inputs along which a name can only lose marketability, all else equal: hyphens, digits, length
     * and number of words. Without the constraint the classifier learnt whatever its background
     * happened to lack: with no hyphenated family among the background (that family held out) it
     * ranked padded hyphenated phrases above sold names (AUC 0.105), because some sold names have
     * hyphens and no background name had any. A slip English never spells counts the same way: so that
     * the classifier cannot reward one in a family of junk it never saw. Likewise a common word one slip
     * away: a name can only look more like a typo for it.
     */
    static final java.util.Set<Feature> NEVER_RAISE_MARKETABILITY = java.util.EnumSet.of(
            Feature.HYPHENS, Feature.DIGITS, Feature.LENGTH, Feature.WORDS, Feature.RARE_TRIGRAMS,
            Feature.NEAR_WORD_LIFT);

    String marketabilityLightGbm() {
        String monotone = java.util.Arrays.stream(Feature.values())
                .map(f -> NEVER_RAISE_MARKETABILITY.contains(f) ? "-1" : "0").collect(java.util.stream.Collectors.joining(","));
        return "objective=binary learning_rate=0.05 num_leaves=31 min_data_in_leaf=50 monotone_constraints=" + monotone + common();
    }

    private String common() {
        return " feature_fraction=0.8 bagging_fraction=0.8 bagging_freq=1"
                + " lambda_l2=1.0 cat_smooth=10 cat_l2=10 max_cat_to_onehot=4 verbosity=-1"
                + " seed=" + seed + " deterministic=true force_row_wise=true num_threads=" + threads;
    }
}
