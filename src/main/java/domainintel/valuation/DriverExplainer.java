package domainintel.valuation;

import domainintel.valuation.Feature.Factor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns a retail estimate's per-feature contributions into drivers: summed by {@link Factor},
 * largest first, each with a sentence that says what about the name moved the value and by how much.
 * The name's own recorded sales count under {@code name-history}; how much the chance of finding no
 * buyer takes off is the {@code marketability} driver, explained by the factor that weighs most in
 * the marketability classifier.
 */
final class DriverExplainer {
    /** Effects smaller than this (about 1% of the value) are noise, not drivers. */
    private static final double MIN_EFFECT = 0.01;
    private static final int MAX_DRIVERS = 6;

    private DriverExplainer() {
    }

    static List<Valuation.Driver> explain(NameProfile profile, ValuationModel.Appraisal appraisal, PriceEvidence evidence) {
        Map<Factor, Double> byFactor = byFactor(appraisal.retail().contributions());
        byFactor.merge(Factor.NAME_HISTORY, appraisal.recorded().logShift(), Double::sum);
        byFactor.put(Factor.MARKETABILITY, appraisal.retail().logValue() - appraisal.retail().logIfSold());
        Factor reason = reason(byFactor(appraisal.marketabilityContributions()), appraisal.marketability());
        List<Valuation.Driver> drivers = new ArrayList<>();
        byFactor.entrySet().stream()
                .filter(e -> Math.abs(e.getValue()) >= MIN_EFFECT)
                .sorted(Comparator.comparingDouble((Map.Entry<Factor, Double> e) -> -Math.abs(e.getValue())))
                .limit(MAX_DRIVERS)
                .forEach(e -> drivers.add(new Valuation.Driver(e.getKey().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                        Math.round(e.getValue() * 1000) / 1000.0,
                        what(e.getKey(), profile, evidence, appraisal, reason) + " " + how(e.getValue()))));
        return drivers;
    }

    private static Map<Factor, Double> byFactor(double[] contributions) {
        Map<Factor, Double> byFactor = new EnumMap<>(Factor.class);
        for (Feature feature : Feature.values()) {
            if (feature.factor() != null) {
                byFactor.merge(feature.factor(), contributions[feature.ordinal()], Double::sum);
            }
        }
        return byFactor;
    }

    /** The factor that pushed the marketability furthest in the direction it went. */
    private static Factor reason(Map<Factor, Double> marketability, double p) {
        double sign = p < 0.5 ? -1 : 1;
        return marketability.entrySet().stream().max(Comparator.comparingDouble(e -> sign * e.getValue()))
                .map(Map.Entry::getKey).orElse(Factor.WORDS);
    }

    private static String how(double effect) {
        double percent = Math.abs(Math.expm1(effect)) * 100;
        return String.format(Locale.ROOT, effect > 0 ? "raises the value by about %.0f%%." : "lowers the value by about %.0f%%.",
                effect > 0 ? percent : Math.min(percent, 99));
    }

    private static String what(Factor factor, NameProfile p, PriceEvidence evidence, ValuationModel.Appraisal appraisal, Factor reason) {
        String label = p.name().label();
        String tld = p.name().tld();
        switch (factor) {
            case LENGTH:
                return String.format(Locale.ROOT, "At %d characters, its length", label.length());
            case EXTENSION:
                int sales = evidence.tldSales(tld);
                return sales == 0 ? "The ." + tld + " extension, with no sales on record,"
                        : String.format(Locale.ROOT, "The .%s extension (%,d sales on record)", tld, sales);
            case CHARACTERS:
                if (p.digits() > 0 || p.hyphens() > 0) {
                    return String.format(Locale.ROOT, "Its characters (%d digit%s, %d hyphen%s)",
                            p.digits(), p.digits() == 1 ? "" : "s", p.hyphens(), p.hyphens() == 1 ? "" : "s");
                }
                return "long".equals(p.shape()) ? "Being letters only" : "Its short letter pattern (" + p.shape() + ")";
            case SOUND:
                return "How it sounds (pronounceability of its letters)";
            case WORDS:
                return p.knownLetters() >= 1 ? "Reading as " + wordsPhrase(p) : p.knownLetters() > 0
                        ? "Being only partly made of dictionary words (" + String.join(" + ", p.segments()) + ")"
                        : "Not being made of dictionary words";
            case FIRST_NAME:
                return p.firstName() == 2 ? "Being a first name" : p.firstName() == 1 ? "Containing a first name" : "Not being a first name";
            case LANGUAGE:
                return "unknown".equals(p.language()) ? "No recognised language" : "Its " + p.language() + " words";
            case CATEGORY:
                return "Its category (" + p.category() + ")";
            case KEYWORDS:
                return keywordsPhrase(p, evidence);
            case NAME_HISTORY:
                if (appraisal.recorded().weight() > 0) {
                    return "Its own recorded sales (" + p.name().name() + " sold before)";
                }
                int times = evidence.labelSales(label);
                return times == 0 ? "No past sale of \"" + label + "\" under any extension"
                        : String.format(Locale.ROOT, "Past sales of \"%s\" (%d on record, any extension)", label, times);
            case MARKETABILITY:
                double m = appraisal.marketability();
                String because = what(reason, p, evidence, appraisal, reason).replaceAll(",$", "");
                return String.format(Locale.ROOT, "A marketability of %.0f%% (names like this %s; above all: %s)", 100 * m,
                        m < 0.2 ? "rarely find a buyer" : m < 0.6 ? "often find no buyer" : "usually find a buyer",
                        Character.toLowerCase(because.charAt(0)) + because.substring(1));
            default:
                throw new IllegalArgumentException(factor.name());
        }
    }

    private static String wordsPhrase(NameProfile p) {
        if (p.segments().size() == 1) {
            return "the word \"" + p.segments().get(0) + "\"";
        }
        return p.englishPhrase() ? "the phrase \"" + String.join(" ", p.segments()) + "\", a term of its own in English,"
                : p.segments().size() + " words (" + String.join(" + ", p.segments()) + ")";
    }

    /** Names the word whose past sales say the most, up or down. */
    private static String keywordsPhrase(NameProfile p, PriceEvidence evidence) {
        String strongest = null;
        for (String word : p.segments()) {
            if (word.length() > 1 && evidence.knowsWord(word)
                    && (strongest == null || Math.abs(evidence.wordValue(word)) > Math.abs(evidence.wordValue(strongest)))) {
                strongest = word;
            }
        }
        if (strongest == null) {
            return "No past sales of names with its words";
        }
        return String.format(Locale.ROOT, "Past sales of names with \"%s\", which sold %s their market's average,", strongest,
                evidence.wordValue(strongest) >= 0 ? "above" : "below");
    }
}
