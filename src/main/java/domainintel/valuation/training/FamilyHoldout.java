package domainintel.valuation.training;

import domainintel.valuation.NameProfiler;
import domainintel.valuation.ValuationModel;
import domainintel.valuation.training.BackgroundNames.Family;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Guards against a marketability classifier that has only learnt to spot the background generator:
 * the families are dealt into {@link #GROUPS} groups, and for each group the classifier is fitted
 * on the sold names of the training split against the other groups' families only, then asked to
 * tell held-out sold names from fresh names of the families it never saw.
 */
final class FamilyHoldout {
    static final int GROUPS = 3;

    /**
     * @param auc     per family: how often a held-out sold name outranks one of the family's names, with the family unseen
     * @param figures per group: the check figures of the evaluated model with that group's families unseen
     */
    record Result(Map<Family, Double> auc, Map<Integer, Map<String, Double>> figures) {
    }

    private FamilyHoldout() {
    }

    static Set<Family> group(int group) {
        return Arrays.stream(Family.values()).filter(f -> f.ordinal() % GROUPS == group)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Family.class)));
    }

    static Result measure(ModelTrainer trainer, ValuationModel evaluated, TrainingData.Split split, BackgroundSets background,
                          CheckLists.Lists lists, NameProfiler profiler, domainintel.names.EnglishWords english) {
        Map<Family, Double> auc = new EnumMap<>(Family.class);
        Map<Integer, Map<String, Double>> figures = new java.util.TreeMap<>();
        for (int g = 0; g < GROUPS; g++) {
            Set<Family> unseen = group(g);
            List<ModelTrainer.Unsold> seen = background.training().stream().filter(u -> !unseen.contains(u.family())).toList();
            ValuationModel model = evaluated.withMarketability(trainer.fitMarketability(split.training(), seen));
            double[] soldScores = split.holdout().stream().collect(Collectors.toMap(e -> e.profile().name().name(), e -> e, (a, b) -> a))
                    .values().stream().mapToDouble(e -> model.appraise(e.profile(), false).marketability()).toArray();
            for (Family family : unseen) {
                double[] scores = background.test().stream().filter(u -> u.family() == family)
                        .mapToDouble(u -> model.appraise(u.profile(), false).marketability()).toArray();
                auc.put(family, CheckFigures.auc(soldScores, scores));
            }
            figures.put(g, CheckFigures.measure(lists, model::logValue, profiler, english));
        }
        return new Result(auc, figures);
    }

    /** The training background and a fresh test background (another seed, none of the training names). */
    record BackgroundSets(List<ModelTrainer.Unsold> training, List<ModelTrainer.Unsold> test) {
    }
}
