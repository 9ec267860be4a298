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
 * the marketability classifier; how far the retail price was raised to the wholesale one is the
 * {@code wholesale-floor} driver.
 *
 * <p>A tree's contribution for a factor depends on the name's other features too, so its sign need
 * not agree with what the factor's evidence says on its own (a word whose names sold below average
 * can still raise this name's value). A sentence therefore states evidence with a direction only
 * when that direction is the effect's; otherwise it names the factor without the claim.
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
        byFactor.put(Factor.WHOLESALE_FLOOR, appraisal.retailRaise());
        Factor reason = reason(byFactor(appraisal.marketabilityContributions()), appraisal.marketability());
        List<Valuation.Driver> drivers = new ArrayList<>();
        byFactor.entrySet().stream()
                .filter(e -> Math.abs(e.getValue()) >= MIN_EFFECT)
                .sorted(Comparator.comparingDouble((Map.Entry<Factor, Double> e) -> -Math.abs(e.getValue())))
                .limit(MAX_DRIVERS)
                .forEach(e -> drivers.add(new Valuation.Driver(e.getKey().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                        Math.round(e.getValue() * 1000) / 1000.0,
                        sentence(what(e.getKey(), e.getValue(), profile, evidence, appraisal, reason), e.getValue()))));
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

    /** What moved the value, and whether it is said in the plural ("its characters raise", "its length raises"). */
    private record Subject(String text, boolean plural) {
        static Subject one(String text) {
            return new Subject(text, false);
        }

        static Subject many(String text) {
            return new Subject(text, true);
        }
    }

    private static String sentence(Subject subject, double effect) {
        double percent = Math.abs(Math.expm1(effect)) * 100;
        String verb = (effect > 0 ? "raise" : "lower") + (subject.plural() ? "" : "s");
        return String.format(Locale.ROOT, "%s %s the value by about %.0f%%.", subject.text(), verb,
                effect > 0 ? percent : Math.min(percent, 99));
    }

    /** The subject of the sentence for {@code factor}, whose effect on the value has the sign of {@code effect}. */
    private static Subject what(Factor factor, double effect, NameProfile p, PriceEvidence evidence, ValuationModel.Appraisal appraisal,
                                Factor reason) {
        String label = p.name().label();
        String tld = p.name().tld();
        switch (factor) {
            case LENGTH:
                int characters = p.name().reading().length();
                return Subject.one(String.format(Locale.ROOT, "At %d character%s, its length", characters, characters == 1 ? "" : "s"));
            case EXTENSION:
                int sales = evidence.tldSales(tld);
                return Subject.one(sales == 0 ? "The ." + tld + " extension, with no sales on record,"
                        : String.format(Locale.ROOT, "The .%s extension (%,d sales on record)", tld, sales));
            case CHARACTERS:
                if (p.distinctDigits() > 0) {
                    return p.digits() == 1 ? Subject.one("Its one digit") : Subject.many(String.format(Locale.ROOT, "Its digits (%d, of %d kind%s)",
                            p.digits(), p.distinctDigits(), p.distinctDigits() == 1 ? "" : "s"));
                }
                if (p.digits() > 0 || p.hyphens() > 0) {
                    return Subject.many(String.format(Locale.ROOT, "Its characters (%d digit%s, %d hyphen%s)",
                            p.digits(), p.digits() == 1 ? "" : "s", p.hyphens(), p.hyphens() == 1 ? "" : "s"));
                }
                return Subject.one("long".equals(p.shape()) ? "Being letters only" : "Its short letter pattern (" + p.shape() + ")");
            case SOUND:
                return Subject.one("How it sounds (pronounceability of its letters)");
            case WORDS:
                return Subject.one(wordsSubject(p));
            case FIRST_NAME:
                return Subject.one(p.firstName() == 2 ? "Being a first name" : p.firstName() == 1 ? "Containing a first name"
                        : "Not being a first name");
            case LANGUAGE:
                return "unknown".equals(p.language()) ? Subject.one("No recognised language") : Subject.many("Its " + p.language() + " words");
            case CATEGORY:
                return Subject.one("Its category (" + p.category() + ")");
            case KEYWORDS:
                return keywordsPhrase(p, evidence, effect);
            case NAME_HISTORY:
                if (appraisal.recorded().weight() > 0) {
                    return Subject.many("Its own recorded sales (" + p.name().name() + " sold before)");
                }
                int times = evidence.labelSales(label);
                return times == 0 ? Subject.one("No past sale of \"" + label + "\" under any extension")
                        : Subject.many(String.format(Locale.ROOT, "Past sales of \"%s\" (%d on record, any extension)", label, times));
            case SPELLING:
                if (p.latinIdn()) {
                    return Subject.many("Its accented letters (an internationalised name, not \"" + p.name().reading() + "\")");
                }
                return p.nearWord().word() == null ? Subject.one("Having no more common word one typing slip away")
                        : Subject.one(String.format(Locale.ROOT, "Being one typing slip away from \"%s\", a word the web writes about %s times as often,",
                        p.nearWord().word(), roundedToOneFigure(p.nearWord().log10Lift())));
            case MARKETABILITY:
                double m = appraisal.marketability();
                if (effect > 0) {
                    // Only when the price if sold is under the floor: an unsold name keeps about its registration cost.
                    return Subject.one(String.format(Locale.ROOT, "A marketability of %.0f%% (a name that finds no buyer still keeps"
                            + " about the $%.0f a registration costs, more than this one's price if sold)", 100 * m, ValuationModel.FLOOR_USD));
                }
                if (appraisal.retail().logHeld() < -MIN_EFFECT) {
                    // The ceiling took part of it: say what kind of name it holds, not only that such names rarely sell.
                    return Subject.one(String.format(Locale.ROOT, "A marketability of %.0f%% for letters that spell no known word, as random"
                            + " strings do (such a name is held at about what a modest sale fetches)", 100 * m));
                }
                // The reason pushed the marketability the way it went: down below one half, up above.
                String because = what(reason, m < 0.5 ? -1 : 1, p, evidence, appraisal, reason).text().replaceAll(",$", "");
                return Subject.one(String.format(Locale.ROOT, "A marketability of %.0f%% (names like this %s; above all: %s)", 100 * m,
                        m < 0.2 ? "rarely find a buyer" : m < 0.6 ? "often find no buyer" : "usually find a buyer",
                        Character.toLowerCase(because.charAt(0)) + because.substring(1)));
            case WHOLESALE_FLOOR:
                return Subject.one("What investors pay for a name like this (end users pay at least as much)");
            default:
                throw new IllegalArgumentException(factor.name());
        }
    }

    /** 10^log10 as 1,000 or 20,000: rounded to one significant figure, since the web counts are not more exact than that. */
    private static String roundedToOneFigure(double log10) {
        double times = Math.pow(10, log10);
        double unit = Math.pow(10, Math.floor(Math.log10(Math.max(1, times))));
        return String.format(Locale.ROOT, "%,.0f", Math.max(1, Math.round(times / unit)) * unit);
    }

    /**
     * What the words factor saw: its inputs are the share of letters in dictionary words and also how often the
     * web writes the label itself (every two-letter string, single letters and many codes are on the web's list),
     * so a label of no dictionary word is said to be what it is, a string the web writes or a number, rather than
     * credited with "not being made of dictionary words" (x.com: +333%).
     */
    private static String wordsSubject(NameProfile p) {
        String label = p.name().reading();
        if (p.knownLetters() >= 1) {
            return "Reading as " + wordsPhrase(p);
        }
        if (p.knownLetters() > 0) {
            return "Being only partly made of dictionary words (" + String.join(" + ", p.segments()) + ")";
        }
        if (label.chars().noneMatch(Character::isLetter)) {
            return "Being a number (\"" + label + "\")";
        }
        if (p.labelLog10() > 0) {
            return String.format(Locale.ROOT, "Being a string the web writes about %s times (\"%s\"), though no dictionary word,",
                    roundedToOneFigure(p.labelLog10()), label);
        }
        return "Not being made of dictionary words";
    }

    private static String wordsPhrase(NameProfile p) {
        if (p.segments().size() == 1) {
            // A token the web writes that no word list here holds (bussiness, a misspelling; aglow, a rarer word):
            // what the web says of it, not "the word" (bussiness.com was "Reading as the word \"bussiness\"").
            boolean listed = p.labelWikiRank() > 0 || p.englishPhrase() || p.commonWord();
            return listed ? "the word \"" + p.segments().get(0) + "\""
                    : String.format(Locale.ROOT, "\"%s\", a string the web writes about %s times,", p.segments().get(0), roundedToOneFigure(p.labelLog10()));
        }
        return p.englishPhrase() ? "the phrase \"" + String.join(" ", p.segments()) + "\", a term of its own in English,"
                : p.segments().size() + " words (" + String.join(" + ", p.segments()) + ")";
    }

    /**
     * Names the word whose past sales say the most in the direction of the effect; if no word's sales
     * point that way, the word whose sales say the most, without claiming a direction.
     */
    private static Subject keywordsPhrase(NameProfile p, PriceEvidence evidence, double effect) {
        String strongest = null;
        String strongestAgreeing = null;
        for (String word : p.segments()) {
            if (word.length() > 1 && evidence.knowsWord(word)) {
                double value = evidence.wordValue(word);
                if (strongest == null || Math.abs(value) > Math.abs(evidence.wordValue(strongest))) {
                    strongest = word;
                }
                if ((effect > 0 ? value > 0 : value < 0)
                        && (strongestAgreeing == null || Math.abs(value) > Math.abs(evidence.wordValue(strongestAgreeing)))) {
                    strongestAgreeing = word;
                }
            }
        }
        if (strongest == null) {
            return Subject.many("No past sales of names with its words");
        }
        if (strongestAgreeing == null) {
            return Subject.one(String.format(Locale.ROOT, "The word \"%s\", weighed with the rest of the name,", strongest));
        }
        return Subject.many(String.format(Locale.ROOT, "Past sales of names with \"%s\", which sold %s their market's average,",
                strongestAgreeing, effect > 0 ? "above" : "below"));
    }
}
