package domainintel.valuation.training;

import domainintel.names.DomainNames;
import domainintel.sales.Market;
import domainintel.valuation.Feature;
import domainintel.valuation.MarketabilityGate;
import domainintel.valuation.ResidualRanges;
import domainintel.valuation.ShortClassShifts;
import domainintel.valuation.ValuationModel;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Writes docs/model-report.md from a training run: data, method, the checks beside the previous model, held-out accuracy beside baselines. */
final class ModelReport {
    private ModelReport() {
    }

    /** Everything a training run measured. {@code previous} holds the previous model's figures on the same lists (may be empty). */
    record Run(TrainingData.Split split, int seed, TrainingParameters parameters, ModelTrainer.Calibration calibration,
               Map<Market, TrainModelCommand.MarketResults> results, ValuationModel evaluated, ValuationModel shipped,
               double seconds, int artifactBytes, double loadMillis, FamilyHoldout.BackgroundSets background,
               Map<String, Double> figures, Map<String, Double> shippedFigures, Map<String, Double> previous,
               Map<String, Double> replaced,
               FamilyHoldout.Result families) {
    }

    /** One line of the checks table: a figure, how it is shown, its target and which way is better. */
    private record Check(String label, String key, String format, double target, boolean atLeast) {
        String show(Map<String, Double> figures) {
            Double v = figures.get(key);
            return v == null || v.isNaN() ? "–" : switch (format) {
                case "$" -> String.format(Locale.ROOT, "$%,.0f", v);
                case "%" -> String.format(Locale.ROOT, "%.1f%%", 100 * v);
                default -> String.format(Locale.ROOT, "%.3f", v);
            };
        }

        String targetText() {
            if (Double.isNaN(target)) {
                return "–";
            }
            String t = switch (format) {
                case "$" -> String.format(Locale.ROOT, "$%,.0f", target);
                case "%" -> String.format(Locale.ROOT, "%.0f%%", 100 * target);
                default -> String.format(Locale.ROOT, "%.2f", target);
            };
            return (atLeast ? "≥ " : "≤ ") + t;
        }

        boolean met(Map<String, Double> figures) {
            Double v = figures.get(key);
            return v != null && (atLeast ? v >= target : v <= target);
        }
    }

    /** The ceiling on coined labels, as the value formula's second clause. */
    private static String ceilingText(MarketabilityGate.Ceiling ceiling) {
        if (ceiling.equals(MarketabilityGate.Ceiling.NONE)) {
            return "and no ceiling";
        }
        return String.format(Locale.ROOT, "and for a coined `.com` label of marketability under %.3f at most $%,.0f retail and $%,.0f wholesale, "
                + "a cap that rises %.0f-fold for each unit of logit p above it", ceiling.capBelow(), ceiling.retailCap(), ceiling.wholesaleCap(), Math.exp(ceiling.rise()));
    }

    private static String calibrationTable(ModelTrainer.Calibration calibration) {
        var out = new StringBuilder("| market | knots |\n|---|---|\n");
        for (Market market : Market.values()) {
            out.append("| ").append(market.wireName()).append(" | ").append(calibration.price().knots(market).stream()
                    .map(k -> String.format(Locale.ROOT, "$%,.0f → $%,.0f", Math.exp(k.estimate()), Math.exp(k.estimate() + k.shift())))
                    .collect(java.util.stream.Collectors.joining(", "))).append(" |\n");
        }
        return out.append('\n').toString();
    }

    private static final List<Check> CHECKS = List.of(
            new Check("random 6–10 letter .com: retail median", "random_retail_median", "$", 150, false),
            new Check("random 6–10 letter .com: retail 95th percentile", "random_retail_p95", "$", 500, false),
            new Check("random 6–10 letter .com: wholesale median", "random_wholesale_median", "$", 25, false),
            new Check("held-out auction names above random strings of their length (AUC, retail value)", "auction_auc", "", 0.97, true),
            new Check("the same, wholesale value", "auction_auc_wholesale", "", 0.97, true),
            new Check("word.com above its scrambled twin", "word_vs_scramble", "%", 0.95, true),
            new Check("word.com above word.info", "word_vs_info", "%", 0.95, true),
            new Check("word.com above best-word-online-store-24.com", "word_vs_padded", "%", 0.95, true),
            new Check("word.com above its one-slip typo's .com (no target)", "word_vs_typo", "%", Double.NaN, true),
            new Check("one-slip typos of the same words, .com: retail median (no target)", "typo_retail_median", "$", Double.NaN, false),
            new Check("the same: retail 95th percentile (no target)", "typo_retail_p95", "$", Double.NaN, false),
            new Check("word.com above its accented twin's .com (no target)", "word_vs_accented", "%", Double.NaN, true),
            new Check("one letter of the same words accented, .com: retail median (no target)", "accented_retail_median", "$", Double.NaN, false),
            new Check("the same: retail 95th percentile (no target)", "accented_retail_p95", "$", Double.NaN, false),
            new Check("two runs of 3–5 random letters hyphenated, .com: retail median (no target)", "junk_hyphenated_retail_median", "$", Double.NaN, false),
            new Check("the same: retail 95th percentile (no target)", "junk_hyphenated_retail_p95", "$", Double.NaN, false),
            new Check("6–10 random letters and digits, .com: retail median (no target)", "junk_alphanumeric_retail_median", "$", Double.NaN, false),
            new Check("the same: retail 95th percentile (no target)", "junk_alphanumeric_retail_p95", "$", Double.NaN, false),
            new Check("7–12 random digits, .com: retail median (no target)", "junk_digits_retail_median", "$", Double.NaN, false),
            new Check("the same: retail 95th percentile (no target)", "junk_digits_retail_p95", "$", Double.NaN, false),
            new Check("held-out $1M+ sales valued at $250k+ retail", "million_share_250k", "%", 0.80, true),
            new Check("training sales valued 100× or more below their price", "training_100x_below", "%", 0, false),
            new Check("training sales valued 10× or more below their price (no target; for scale)", "training_10x_below", "%", Double.NaN, false),
            new Check("wholesale (auction) sales: Spearman", "wholesale_spearman", "", 0.35, true),
            new Check("wholesale (auction) sales: mean abs ln error", "wholesale_abs_log_error", "", 0.72, false),
            new Check("retail sales: Spearman", "retail_spearman", "", 0.50, true),
            new Check("retail sales: mean abs ln error", "retail_abs_log_error", "", 0.62, false),
            new Check("wholesale 80% range coverage (75–85%)", "wholesale_coverage", "%", 0.75, true),
            new Check("retail 80% range coverage (75–85%)", "retail_coverage", "%", 0.75, true),
            new Check("held-out two-word .com retail sales: Spearman (no target)", "compound_spearman", "", Double.NaN, true),
            new Check("the same sold for $100k+: median retail value (no target)", "compound_top_median", "$", Double.NaN, true),
            new Check("the same sold for less: median retail value (no target)", "compound_rest_median", "$", Double.NaN, true));

    static String markdown(Run run) {
        var out = new StringBuilder();
        var split = run.split();
        var calibration = run.calibration();
        var parameters = run.parameters();
        out.append("# Valuation model report\n\n")
                .append("Generated by `train-model` (seed ").append(run.seed()).append(", ")
                .append(String.format(Locale.ROOT, "%.0f s on this machine", run.seconds()))
                .append("). Do not edit by hand: rerun the command (see README).\n\n")
                .append("Shipped model: `").append(run.shipped().version()).append("` (")
                .append(run.shipped().trees().size()).append(" price trees, ").append(run.shipped().marketability().size())
                .append(" marketability trees), refitted on every name below with the same settings, and the ranges and recorded-sales prior calibrated in the held-out run. ")
                .append("The figures describe the run that held ").append(TrainingData.HOLDOUT_PERCENT)
                .append("% of the names out, unless a line says otherwise.\n\n");
        checks(out, run);
        out.append("## Data\n\n")
                .append(String.format(Locale.ROOT, "- %,d sales for training, %,d held out (names split by a seeded hash; every sale of a name on one side).%n",
                        split.training().size(), split.holdout().size()))
                .append(String.format(Locale.ROOT, "- %,d of the training sales come from the two price-selected auction sources (`%s`). "
                                + "They were chosen by price, not at random, so they are never measured against and never count at face value: "
                                + "pooled with the random 2015–2020 auction sample, every pooled sale is weighted by (random sales in its price band) / (pooled sales in its band), "
                                + "which gives the pool the random sample's price distribution while thousands of sales, not a few dozen, describe the names in the high bands. "
                                + "Held-out sales from these sources are dropped.%n",
                        split.selectedInTraining(), String.join("`, `", SelectionWeights.PRICE_SELECTED.stream().sorted().toList())))
                .append(String.format(Locale.ROOT, "- %,d rows whose name the shared validator refuses are left out.%n", split.skippedInvalid()))
                .append(String.format(Locale.ROOT, "- %,d rows report a sale that another row of the same market reports too (the same name and price, in the same year or one "
                                + "without a year: a weekly trade-press report and the year-end chart, or two auction lists) and are left out of the training side, so that "
                                + "each sale counts once in each market that reported it (the held-out side keeps every report, as the data gives them and as the earlier models were measured) (a sale the venue's record and the press both report stays once in each): a weekly report is kept over the `%s` chart.%n",
                        split.duplicates(), TrainingData.YEAR_END_CHARTS))
                .append("- Wholesale = the random auction sources (`namebio-2024`, `auctions-2015-2020-sampled`); retail = the trade-press reports (`dnjournal`, `dnjournal-ytd`).\n")
                .append(String.format(Locale.ROOT, "- %,d background names (names that exist and do not sell, below) for the marketability classifier, %,d per family and %d times that of random letters (the most numerous kind of name nobody buys); "
                                + "%,d fresh ones (another seed, none of the training ones) to test it on.%n%n",
                        run.background().training().size(), TrainModelCommand.BACKGROUND_PER_FAMILY, TrainModelCommand.RANDOM_LETTERS_SHARES,
                        run.background().test().size()));
        background(out);
        out.append("## Method\n\n")
                .append("Two parts. **Price if sold:** LightGBM gradient-boosted trees on ln(price) of sales, the market as an input (one name is valued in each market). ")
                .append(String.format(Locale.ROOT, "%d rounds, learning rate %s, %d leaves, at least %d sales a leaf, 80%% feature and row bagging, L2 1.0. ",
                        parameters.rounds(), parameters.learningRate(), parameters.leaves(), parameters.minDataInLeaf()))
                .append("Settings were compared on out-of-fold error inside the training split, but feature and loss choices were also compared on ")
                .append("this held-out split during development (a dozen runs), so its figures are somewhat optimistic: the sealed evaluation is the real test. ")
                .append("How each later change was decided, the version that brought it first (the held-out figures were printed beside the out-of-fold ones every time; what is named is kept unless it says otherwise):\n\n")
                .append("- On out-of-fold figures: the selection weights under Data, the word-demand feature, ranges by band, TLD-adjusted word evidence, compound evidence ")
                .append("and leaves of 40 sales instead of 100; the price calibration and phrase-frequency, weakest-word-alone and short-class features; the rare-trigram feature and four shares of random letters in the background.\n")
                .append("- The English-phrase feature (under Features), on one run's out-of-fold figures with `train-model --quick` (the price trees alone, out of fold inside the training split). ")
                .append("Held out, every figure moved by less than another seed moves it: with seed 7 instead of 42, without and with the feature, random-letter retail 95th percentile $3,114 and $3,040, ")
                .append("wholesale Spearman 0.190 and 0.192, retail mean abs ln error 0.650 and 0.650.\n")
                .append("- gbm-f21bebead244: no short label in the background, a fix of the generator, not a choice made on figures (held out, every check moved by less than seed noise).\n")
                .append("- gbm-1e57a2478b59: fixes found by a review of the served model, none chosen on figures: the near-word input (under Features), IDNs read in their letters, ")
                .append("`ai` read as one token instead of a + i (a one-letter word stands only beside words), a compound written as one English phrase categorised on its words, ")
                .append("short-label classes shrunk towards the class one character longer instead of towards the market (01.com had no class of its own and read as a junk label), ")
                .append("a sale reported by several sources counted once, and, in the background, words under extensions with no sale on record (under Data). ")
                .append("Tried and left out, short letter strings under extensions where short labels rarely sell: held out, the gate fitted on that background hardened ")
                .append("(σ(2.25 logit p + 6.0) to σ(1.5 logit p + 2.75)), halving the random-letter retail 95th percentile ($3,166 to $1,886) and costing the sold names 0.009 (wholesale) ")
                .append("and 0.011 (retail) of mean abs ln error, the trade the tail-bounding gate below makes.\n")
                .append("- gbm-8cc36cb47b58: the ceiling on coined labels (under Marketability), chosen on figures: two held-out runs before that one (with five-letter labels under it; ")
                .append("then on every extension, with a cliff at its threshold and the tail bound without its margin), then changed after a review of the served answers ")
                .append("(only `.com`, common words of other languages and IDNs as read, a rising cap instead of the cliff).\n")
                .append("- gbm-7976018328b1: after valuing kinds of junk the background did not hold (the three junk lists in the checks), none chosen on figures: the `digit_string` background family (under Data), ")
                .append("the ceiling on labels with digits or hyphens among their letters (under Marketability) and, so that patterned numbers are not floored with random ones, ")
                .append("the distinct-digits input (under Features), first tried on every label: a review of the served answers found that, counted in letters too, it taught the classifier ")
                .append("from the `repeats` background that any label of few letters is junk (nanana.com $4,000 to $550).\n")
                .append("- gbm-9aa1b826fdd4: after valuing English words with one letter accented (insurançe.com $780,000: an internationalised name read without its accents was valued as the word), ")
                .append("not chosen on figures: the `accented` background family (under Data) and the Latin-IDN input (under Features).\n")
                .append("- gbm-c75b29ee3174: after valuing short names that their classes' sales price far higher (two-letter `.com`s at $13,000–31,000 wholesale, where five sold at auction for ")
                .append("$609,000–1,250,000), the scarce short-label shifts (under Price calibration), their scope chosen on one held-out run.\n")
                .append("- gbm-009861d8f964: after valuing two-digit `.com`s below three-digit ones, a scarce class nobody bought valued at least as the class one character longer ")
                .append("(under Price calibration); not chosen on figures: held out, no figure moved, no held-out sale being of such a class.\n")
                .append("- Rejected on out-of-fold figures: a letter-trigram model of the sold labels as an input (how much a label's letters look like those of names that sold: ")
                .append("out of fold the classifier's AUC rose from 0.9753 to 0.9760 and nothing else moved beyond noise), a calibration per market and .com or not, ")
                .append("other pseudo-counts for word evidence (3, 20), leaves of 10 or 20 sales, more rounds, a looser Huber loss (1.5, 2) or L2, a date input, per-market word evidence, ")
                .append("prefix and suffix evidence, a classifier of fixed-price marketplace sales from the venue column as an input, other loss and tree settings.\n")
                .append("- Rejected on one held-out run: the year-end charts (`dnjournal-ytd`, each year's top reported sales, $6,800 and up) weighted like the price-selected auction lists, ")
                .append("pooled with the weekly reports by price band and left out of the out-of-fold measurements (the held-out figures kept them, as the data gives them): ")
                .append("retail mean abs ln error 0.698 against 0.687, Spearman 0.450 against 0.455, 80% range coverage 76.9% against 79.2%, and the held-out $1M+ sales at $250k+ 50% against 66.7%; ")
                .append("the charts are the evidence of what the top names fetch, and without their weight the model no longer reached it.\n")
                .append("- Rejected on two held-out runs: which words English writes side by side, as an input of the price trees (for a name of several words, how many times more often than chance ")
                .append("the US English language model of CMU Sphinx, from Debian's `pocketsphinx-en-us`, writes its adjacent words together: high level 80 times, car insurance 75, candy pants not at all; ")
                .append("437,956 pairs). Out of fold, the two-word `.com`s made of such a pair (one in sixteen) had sold for a median 69% (retail) and 71% (wholesale) more than the model said, ")
                .append("and 22% and 57% more with the input; with the price trees alone (`--quick`), retail Spearman rose from 0.466 to 0.474 (seed 42) and from 0.464 to 0.467 (seed 7), ")
                .append("that of the two-word `.com`s from 0.179 to 0.199 and from 0.137 to 0.160. Held out, every pooled figure moved by under 0.004, and the wrong way but one: ")
                .append("retail Spearman 0.455 to 0.453 (seed 42) and 0.462 to 0.461 (seed 7), mean abs ln error 0.687 to 0.689 and 0.663 to 0.664; ")
                .append("wholesale Spearman 0.202 to 0.204 and 0.201 to 0.197, mean abs ln error 0.771 to 0.773 and 0.762 to 0.763.\n")
                .append("- Rejected on two held-out runs: a background family of the misspellings the web writes (one slip from one of the 3,000 most frequent words, on the web list at least 100 times ")
                .append("less often than the word, neither an English word of Wikipedia's 100,000 nor a common word of the ten languages: bussiness, beutiful, restuarant). The `typo` family's random slips ")
                .append("are strings the web hardly ever writes, and the shipped model values the written ones as words (bussiness.com $9,000 at a marketability of 0.62, hotles.com $8,600, ")
                .append("beutiful.com $7,700); with the family, the held-out run's model valued them at $300–1,000 (0.02–0.03), and held-out misspellings of words of rank 3,000–20,000 at a median $5,900 instead of $10,000. ")
                .append("But no input tells a misspelling from a rarer word one slip from a commoner one, and sold words lost their marketability with them (snitch.com, sold for $100,000, ")
                .append("0.80 to 0.05; eshop.com, $148,134, 0.49 to 0.02; magik.com 0.79 to 0.06): held out, retail mean abs ln error 0.687 to 0.691 (seed 42) and 0.663 to 0.665 (seed 7), ")
                .append("Spearman 0.455 to 0.453 and 0.462 to 0.460, wholesale error 0.771 to 0.773 and 0.762 to 0.761, and the refitted gate let accented twins up from a median $21 to $77 ")
                .append("($27 to $152). With the label's Wikipedia rank as a further input, to tell snitch from bussiness: held-out misspellings at a median $1,800–2,700, retail error 0.692 and 0.668.\n")
                .append("- The marketability classifier, the mixture, recorded sales and the word-alone feature were added in a single training run ")
                .append("(the shared machine allowed no more): none of their settings was tuned, and these held-out figures were looked at once, after the fact.\n\n")
                .append("Features (`valuation.Feature`, computed by `valuation.NameProfiler` and `valuation.FeatureEncoder`, identical in training and serving): ")
                .append("length, TLD (category) and its market depth (sales count), digits, hyphens, character shape of short labels (CVCV, NNN...), ")
                .append("vowel ratio, longest consonant run, letter-trigram pronounceability under English and the number of letter trigrams English hardly ever spells ")
                .append("(in fewer than five of the 100,000 most frequent Wikipedia words: 2.4% of uniformly random 6–10 letter strings have none, against 74% of auction names of those lengths; ")
                .append("an average hides one slip among fluent letters; the classifier may never rise with it), word segmentation (count, share of letters in known words, log probability; ")
                .append("a two- or three-letter token is a word only if it is among the most frequent 10% of all letter strings of its length, since the web word list holds every two-letter string, ")
                .append("and a span that is no word is one unknown token spelled by the letter model, never beside another: ")
                .append("before, three random strings in five read as runs of codes, `rygmly` as ry + gm + ly; now fewer than one in a hundred reads entirely as words), ")
                .append("web frequency of the rarest and mean word and of the whole label, first names, language, category, ")
                .append("and price evidence: how far past sales of names sharing a word, the TLD or the label beat their market's average, shrunk towards zero by a pseudo-count ")
                .append("and computed out-of-fold for training rows so that a sale never informs its own features, ")
                .append("demand: how many past sales carry the name's most traded word, ")
                .append("and, for a name of several words, how far sales of its best word alone (`insurance` under any extension, for carinsurance.com) beat their market, ")
                .append("how traded its least traded word is, how far sales of names with its adjacent words side by side beat their market (`car+insurance`, from carinsurance.net as much as .com) ")
                .append("and how far compounds ending in its last word did (`insurance$`: autoinsurance, homeinsurance), ")
                .append("how far sales of its weakest word alone beat their market (both words sell on their own), ")
                .append("for a label of up to five characters how far sales of labels of its length and kind (letters, digits, mixed) under its TLD beat their market ")
                .append("(`#com:2:letters` for ai.com and gx.com: short names trade as a class, and each character shape alone has too few sales for a leaf of its own), "
                        + "shrunk not towards zero but towards the class one character longer of its kind and TLD, whose value a class nobody bought takes "
                        + "(no 1-letter or 2-digit .com sold, and the shorter the class, the fewer its sales and the dearer they were), ")
                .append("and for every name how often it is written on the web as a phrase: the label's own count where the web list has it (`realestate`), ")
                .append("else for a name wholly of known words the count its words would have side by side by chance (c1 × c2 / N), so that one-word and compound names stand on one scale, "
                        + "and whether the label spells an expression that WordNet lists as an entry of its own (60,675 of two or more words, run together, hyphenated or plural: car insurance, credit card, las vegas), "
                        + "a term English uses as one rather than words that merely meet: out of fold, a model without it valued the `.com`s spelling one at a third of what they sold for in both markets "
                        + "(66 retail and 40 wholesale sales), other names made wholly of words at 0.77–0.84; with it, at 0.64 retail and 0.46 wholesale; "
                        + "and how many times more often the web writes the most frequent word one typing slip away (a letter dropped, added, replaced or two swapped: `hotles` → hotels, `insurnace` → insurance; `names.NearWords`), "
                        + "which gives a typo of a common word away where its fragments read like a compound or a coined brand (the model before it, gbm-f21bebead244, valued one-slip typos of the check's common words at a median retail $3,800; "
                        + "4% of the bundled sold labels, brands that play on a word such as pleaze or speakr, have a word 100 times more frequent one slip away, so it is an input, never raising marketability, not a rule), "
                        + "and, for a number, how many different digits it uses (numbers trade as patterns: of the bundled all-digit `.com`s, those of five digits with at most two different ones sold for a median $13,100 (21 sales) "
                        + "against $685 for the other 764, of six $1,150 (24) against $258 (264), and 6666666.com twice for $24k and $71k where eleven other seven-digit ones fetched at most $285; "
                        + "an input since gbm-7976018328b1, since the background's random digit strings, new in it too, would otherwise send patterned numbers such as 88888888.com to the floor with them). "
                        + "An internationalised label in the Latin script is read as its letters without accents (münchen.de as munchen; its A-label `xn--mnchen-3ya` read as three hyphens and the fragments xn + mnchen + 3 + ya), letters that are no accented a-z spelled as in ASCII (straße as strasse, łódź as lodz); evidence stays keyed by the A-label. "
                        + "Whether it is such a label is an input of its own (new in gbm-9aa1b826fdd4): read without accents, hotèls.com was hotels.com to every other input, and was valued at $1,000,000; "
                        + "the bundled sales hold two such names (çrypto.com $101, ë.com $202), and the background's `accented` family holds names of the kind nobody buys. ")
                .append("Word and compound evidence is measured on what is left of a sale's residual once its TLD's own value is taken off, so that a word is not made cheap by the extensions its names happened to sell under.\n\n")
                .append("**Price calibration** (`PriceCalibration`): the trees' estimate is then moved, per market, to the median of what names estimated alike sold for out of fold: ")
                .append("knots at the median estimate of ten bands of the out-of-fold estimates (finer at the top: the last three hold 1%, 0.5% and 0.5% of them), each shifting by its band's median residual, ")
                .append("linear between knots and constant beyond, and never reversing an order. Why: the Huber loss, which keeps a few freak sales from bending every tree, caps the pull of a large residual, ")
                .append("so that out of fold the top of the estimates sold for 1.5–3 times their estimate while the many modest names came out 10–15% above their median price; ")
                .append("a looser loss (L2, Huber 1.5 or 2) reached the top but raised the error of everything else. The gate and the ranges are fitted on the calibrated estimates. It aims at medians, which is what the mean absolute ln error (a target) rewards; the squared error (R²) it does not improve, and sources of top sales only (`dnjournal-ytd`) come out lower than before. Knots (estimate → calibrated):\n\n")
                .append(calibrationTable(calibration))
                .append(shortClasses(run.shipped().shortClasses()))
                .append(String.format(Locale.ROOT, "**Marketability:** a LightGBM classifier (binary log-loss, %d rounds, learning rate 0.05, 31 leaves, at least 50 names a leaf) on the same features, ", parameters.marketabilityRounds()))
                .append("constrained so that more hyphens, digits, letters, words or rare trigrams never raise it, all else equal (without that, a classifier that never saw a hyphenated background ranked padded phrases above sold names), ")
                .append("every sold name once (all sources, both markets) against the background, the two sides weighted equally: ")
                .append("its probability p says how much more a name resembles names that found a buyer than names that exist without one (at even prior odds; it is not a yearly sale rate). ")
                .append("Each row's price evidence is out-of-fold, as for the price trees.\n\n")
                .append(String.format(Locale.ROOT, "**Value** = w × price-if-sold + (1 − w) × $%.0f, in each market, with w = σ(%.2f × logit p %s %.2f), ",
                        ValuationModel.FLOOR_USD, calibration.gate().slope(), calibration.gate().shift() < 0 ? "−" : "+", Math.abs(calibration.gate().shift())))
                .append(ceilingText(calibration.gate().ceiling())).append(": ")
                .append("a name nobody buys is worth about what it costs to register (one floor for every extension: the project ships no registry price list). ")
                .append("With w = p (the previous version) the value is the expected price over the two outcomes, but p is uncertain for many names that do sell, and that mixture ")
                .append("dragged every such name down: out of fold it was worse on sold names than the price-if-sold alone (below). So the weight is a gate fitted out of fold (`GateFit`): ")
                .append(String.format(Locale.ROOT, "of the gates σ(a × logit p + b) that value the out-of-fold background at a retail median of $%.0f or less and a wholesale median of $%.0f or less ",
                        GateFit.BACKGROUND_RETAIL_MEDIAN, GateFit.BACKGROUND_WHOLESALE_MEDIAN))
                .append("(the issue's bounds for names with no market, applied to training names only), ")
                .append(String.format(Locale.ROOT, "that value the 6–10 letter `.com` random strings under the same at their %.0fth percentile (a margin for a short list's sampling: their values climb steeply past the middle, "
                        + "and out of fold, under the gate that the whole background's median alone let through once the `digit_string` family joined it, they were $93 at the 50th percentile and $216 at the 60th; "
                        + "the shipped model, refitted on every name, values them higher still), ", 100 * GateFit.RANDOM_MEDIAN_QUANTILE))
                .append("and that rank the out-of-fold sold names above the out-of-fold `random_letters` background ")
                .append(String.format(Locale.ROOT, "with an AUC of %.2f or more in each market (all lengths: a harder test than the check's 6–10 letters), the one with the least error on the out-of-fold sold names. ",
                        GateFit.SOLD_ABOVE_RANDOM_AUC))
                .append("The AUC bound was added after one held-out run: with the medians alone, the gate kept so much of the price of pronounceable random strings that the auction-names check fell to 0.963; ")
                .append("its level was not tuned (one value, tried once), but these held-out figures are not blind to it. ")
                .append("It rose from 0.96 to 0.965 with four shares of random letters in the background: out of fold that left the sold names' error where the looser bound had it, ")
                .append("and held out the looser bound let the auction-names check fall from 0.978 to 0.973 (one held-out run). ")
                .append(String.format(Locale.ROOT, "The random strings' tail (the issue's bound: a retail 95th percentile of $%.0f for strings of 6–10 letters) is then held by a ceiling on coined labels "
                        + "(`.com` labels of six or more characters, as read, with letters among them, that are neither wholly known English words nor a common word of the ten languages' lists; digits and hyphens among the letters allowed: gbm-8cc36cb47b58's ceiling held letters only, and held out it valued two random runs hyphenated at a median $2,655 and 6–10 random letters and digits at a 95th percentile of $3,703, the checks above), "
                        + "fitted out of fold after the gate (`GateFit.fitWithCeiling`): of the ceilings that hold such a label under a marketability "
                        + "between the 90th and 99.5th percentile of the out-of-fold 6–10 letter `.com` `random_letters` background's at a cap of $150–500 retail "
                        + "and $25–200 wholesale, the cap rising 3- to 55-fold per unit of logit p above that marketability (so that two names a letter apart on either side of it are not "
                        + "worlds apart), and under which the background meets every bound above and the %.0fth percentile "
                        + "of those strings' retail value is $%.0f or less (a margin over the 95th for a short list's sampling: of 200 strings, the 95th percentile is the tenth from the top), "
                        + "the one with the least error on the out-of-fold sold names. ", GateFit.BACKGROUND_RETAIL_P95, 100 * GateFit.CEILING_TAIL_QUANTILE, GateFit.BACKGROUND_RETAIL_P95))
                .append("Only `.com`: under other extensions the classifier puts names that sell lower, and a first ceiling on every extension held 59–63% of invented consonant-vowel brandables "
                        + "under .io and .ai at the cap (21% under .com); no other extension has the sales to fit a ceiling of its own. ")
                .append("Why a ceiling and not a steeper gate: the classifier gives the most English-looking few percent of random strings (sofket, rekuwa, bragiz) a marketability of 0.2–0.7, ")
                .append("which a few percent of the sold names have too (brandables, pinyin and acronym labels: yukobo, jinzhi, qrpay), and the gate that meets the bound alone (")
                .append(String.format(Locale.ROOT, "σ(%.2f × logit p %s %.2f)", calibration.tailGate().slope(), calibration.tailGate().shift() < 0 ? "−" : "+", Math.abs(calibration.tailGate().shift())))
                .append(") floors those sold names with them, where the ceiling holds them at a modest sale's price: out of fold it costs the sold names a fraction of what that gate costs ")
                .append("(the table under Marketability). It still costs them: held out, the retail mean abs ln error is higher than the model's before the ceiling (gbm-1e57a2478b59: 0.673 on the same split; the checks above). ")
                .append("Labels of five letters are left out of it: they trade as a short-name class, and with them under it, half of the sold coined labels it held out of fold were five letters long ")
                .append("(held out, with the 95th percentile itself as the bound and a ceiling on every extension: retail mean abs ln error 0.698 with them, 0.688 without them, against 0.673 without any ceiling; the random strings' 95th percentile $500 either way). At another seed (7: another split of the names, the same lists), the model before the ceiling and the one that brought it (gbm-8cc36cb47b58) held out: random strings' retail 95th percentile $3,093 and $400, retail mean abs ln error 0.647 and 0.658, Spearman 0.464 and 0.462, wholesale 0.764 and 0.764: the ceiling costs the retail error 0.012–0.020 over the two splits. ")
                .append("A gate of its own for coined labels that floors them (letters only, five or more, fewer than half of them in known words), fitted to bound that 95th percentile, ")
                .append("was measured on the out-of-fold estimates of the model with the rare-trigram feature and not chosen: it cost the sold names more than the rare-trigram feature gained (mean abs ln error 0.660 to 0.714 retail, 0.769 to 0.826 wholesale), ")
                .append("because the sold brandables (naviro, fluveo, lunvio, zunos) and the most English-looking random strings are alike in every feature the model has. ")
                .append("So a name like those that sell keeps its price-if-sold, and a name with no market is valued near the floor, with its range collapsing towards it. ")
                .append("The API's `marketability` is p itself.\n\n")
                .append(String.format(Locale.ROOT, "**A name's own recorded sales** move its price-if-sold (both markets) by the mean amount they beat the model in their own market, times n / (n + %.2f) for n sales, and its marketability towards 1 by the same share. ", calibration.recordedPrior()))
                .append("The prior is the ratio of two variances measured on the training sales: how far two sales of one name fall apart (per sale), over the model's out-of-fold squared error.\n\n")
                .append("Ranges: per market and per band of the price-if-sold estimate (five bands, each a fifth of the estimates), the 10th and 90th percentiles of out-of-fold log residuals of randomly drawn sales (5 folds) are added to the price-if-sold estimate, and both ends are mixed with the floor like the value. ")
                .append("The residual of a sale is taken against the price-if-sold it implies through the gate (its price less (1 − w) × floor, over w), so that once mixed, 80% of out-of-fold sales fall inside. ")
                .append("Banded because the error grows with the value: one offset for all would be too wide for modest names and too narrow for the valuable ones.\n\n");
        out.append("## Held-out accuracy\n\n")
                .append("| market | predictor | n | mean abs ln error | Spearman | R² (ln price) | median APE | 80% range coverage |\n")
                .append("|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (var entry : run.results().entrySet()) {
            String market = entry.getKey().wireName();
            row(out, market, "model", entry.getValue().model());
            row(out, market, "baseline: market median", entry.getValue().marketMedian());
            row(out, market, "baseline: per-TLD median", entry.getValue().tldMedian());
        }
        out.append("\nThe model, per source of the held-out sales (each market pools sources that behave differently):\n\n")
                .append("| market | source | n | mean abs ln error | Spearman | R² (ln price) | median APE | 80% range coverage |\n")
                .append("|---|---|---:|---:|---:|---:|---:|---:|\n");
        run.results().forEach((market, r) -> r.modelBySource().forEach((source, m) -> row(out, market.wireName(), "`" + source + "`", m)));
        out.append("\nTargets: wholesale Spearman ≥ 0.35 and mean abs ln error ≤ 0.72; retail Spearman ≥ 0.50 and ≤ 0.62; coverage 75–85%.\n\n");
        for (var entry : run.results().entrySet()) {
            out.append("- ").append(verdict(entry.getKey(), entry.getValue())).append('\n');
        }
        out.append('\n');
        out.append("Out-of-fold accuracy inside the training split (what settings and features were chosen on): ");
        calibration.outOfFold().forEach((market, m) -> out.append(String.format(Locale.ROOT,
                "%s mean abs ln error %.3f, Spearman %.3f; ", market.wireName(), m.meanAbsLogError(), m.spearman())));
        out.append("\n\nRange offsets, per market and band of the estimate (each band holds a fifth of the out-of-fold estimates):\n\n")
                .append("| market | estimate up to | low | high |\n|---|---:|---:|---:|\n");
        for (Market market : Market.values()) {
            for (ResidualRanges.Band band : calibration.ranges().bands(market)) {
                out.append(String.format(Locale.ROOT, "| %s | %s | ×%.2f | ×%.2f |%n", market.wireName(),
                        Double.isInfinite(band.upTo()) ? "any" : String.format(Locale.ROOT, "$%,.0f", Math.exp(band.upTo())),
                        Math.exp(band.low()), Math.exp(band.high())));
            }
        }
        marketability(out, run);
        out.append("\n\n## What drives the estimates\n\n")
                .append("Mean absolute contribution to ln(retail price if sold) on the held-out names (Saabas path attribution, the same numbers the API turns into `drivers`; a name's own recorded sales and the raise of a retail price to the wholesale one are drivers of their own, no feature's):\n\n")
                .append("| feature | mean abs effect |\n|---|---:|\n");
        double[] mean = meanAbsContributions(run.evaluated(), split.holdout());
        List<Feature> ordered = java.util.Arrays.stream(Feature.values())
                .sorted(Comparator.comparingDouble((Feature f) -> -mean[f.ordinal()])).toList();
        for (Feature feature : ordered) {
            out.append(String.format(Locale.ROOT, "| %s | %.3f |%n", feature.name().toLowerCase(Locale.ROOT), mean[feature.ordinal()]));
        }
        compoundSales(out, split.training());
        out.append("\n## Serving\n\n")
                .append(String.format(Locale.ROOT, "The artifact is %,d bytes of gzipped text and reads back in %.0f ms here (best of three). ", run.artifactBytes(), run.loadMillis()))
                .append("Load time at start-up, valuations per second and HTTP latency are measured by `bin/benchmark-valuation`; ")
                .append("the latest numbers are in [benchmarks.md](benchmarks.md).\n");
        out.append("\n## Limits\n\n")
                .append("- Retail figures are reported trade-press sales, which are selected (only notable sales get reported); the price-if-sold part answers \"what would this sell for if it sold at a reported retail price\".\n")
                .append("- The background is generated, not observed: marketability says how much a name resembles sold names rather than the kinds of names nobody buys that the generator makes. ")
                .append("Names nobody buys that look like sold names (a decent two-word .com that never sold) are not in it, so marketability is high for them; it is no yearly sale rate.\n")
                .append("- Wholesale sales span 2015–2020 and Sep–Oct 2024; the model does not use the date, so it values at the average level of those years. ")
                .append("(A date input, served at the 2024 level, was tried: out-of-fold rank correlation did not improve and the error grew.)\n")
                .append("- The 2024 wholesale sales (`namebio-2024`) mix expired-name auctions (GoDaddy, DropCatch, Namecheap: median about $300) with fixed-price ")
                .append("marketplace sales (BuyDomains, Sedo, Afternic: medians $1,900–3,000). Which venue sells a name is not in the name, ")
                .append("and the model ranks that source's sales far worse than the 2015–2020 random sample (see the per-source table).\n")
                .append("- The held-out split is random by name; names that look alike (same words, other TLD) can sit on both sides, as they do in real life.\n")
                .append("- Misspellings people type (bussiness, hotles, beutiful) are on the web word list with counts that read like a word's, and are valued like words ")
                .append("($6,000–9,000 retail, marketability about 0.6, where random slips of the same words, which the web hardly ever writes, come out at 0.1–0.2). ")
                .append("A background of the written misspellings was tried and rejected (under Method): nothing the model reads tells them from rarer real words one slip from commoner ones.\n")
                .append("- Internationalised names come out near the floor: the data holds two such sales ($101, $202), and the background's accented twins of English words teach that an accented ")
                .append("name is a twin of a word, so a word of another language written with its accent (münchen.de, señor.com, café.com) is valued with them ($10–1,100).\n")
                .append("- The model knows no brands: a brand beside a word (facebooklogin.com, googlemaps.com: about $3,500 retail) is valued as any two-word name, ")
                .append("where a name its owner could have transferred by a dispute policy is worth little to a buyer who means to use it.\n");
        return out.toString();
    }

    /** The checks, each beside the previous model's figure on the same lists. */
    private static void checks(StringBuilder out, Run run) {
        out.append("## The checks\n\n")
                .append("Measured on lists never trained on (`CheckLists`, a seed of their own, the same for every model): ")
                .append(String.format(Locale.ROOT, "%,d random 6–10 letter `.com` labels; the %,d held-out names sold at auction with 6–10 character labels, each beside random letters of its length under its extension; ",
                        CheckLists.RANDOM_NAMES, (int) Math.round(run.figures().getOrDefault("auction_n", Double.NaN))))
                .append(String.format(Locale.ROOT, "%d common English words (drawn at random from the 20,000 most frequent in the bundled Wikipedia list, 4–9 letters) as `word.com` beside a scramble of its letters that spells no known word, `word.info` and `best-word-online-store-24.com`, and beside a typo of it (one slip: two letters swapped, one dropped, doubled or replaced, spelling no known word; the background's `typo` family makes the same slips, of the 3,000 most frequent words only), and beside its accented twin (one letter given an accent, `hotèls`: an internationalised name that reads as the word; the background's `accented` family makes such twins of the 3,000 most frequent words only); ", CheckLists.WORDS))
                .append(String.format(Locale.ROOT, "%d `.com` names each of three kinds of junk beyond random letters, to see whether the value holds on names unlike those the tail bound is fitted on: "
                        + "two runs of 3–5 random letters joined by a hyphen (no background family makes them), 6–10 characters drawn alike from letters and digits "
                        + "(the background's nearest kind is `digit_mix`) and 7–12 random digits (the `digit_string` family makes such strings); ", CheckLists.JUNK_NAMES))
                .append(String.format(Locale.ROOT, "the %.0f held-out sales of $1M or more (the names were split off before training, as a proxy for publicly reported $1M+ names absent from the data); ",
                        run.figures().getOrDefault("million_n", 0.0)))
                .append(String.format(Locale.ROOT, "and the held-out sold names (every sale of a held-out name), of which the %.0f retail sales of `.com` names made of two known words "
                                + "(%.0f of them at $100k or more) are also shown alone, to see whether a compound is valued by what buyers pay for its words (no target: the issue's own check is the sealed evaluation's). ",
                        run.figures().getOrDefault("compound_n", 0.0), run.figures().getOrDefault("compound_top_n", 0.0)))
                .append("The previous model is `gbm-32ea3c238148`, measured once with its own code on the same lists (its held-out run: trained on the same 80% of names); ")
                .append("the replaced model, `gbm-9aa1b826fdd4`, is the one this round of work replaces (the same model without the scarce short-label shifts; its held-out run, same lists: `docs/model-report-replaced.tsv`); ")
                .append("\"shipped\" is the model refitted on every name, for the lists none of its training names are in.\n\n")
                .append("| check | target | previous model | replaced model | this model (held-out run) | met | shipped model |\n|---|---:|---:|---:|---:|---|---:|\n");
        for (Check check : CHECKS) {
            boolean onShipped = check.key().startsWith("random") || check.key().startsWith("word") || check.key().startsWith("training");
            out.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s |%n", check.label(), check.targetText(),
                    check.show(run.previous()), check.show(run.replaced()), check.show(run.figures()), Double.isNaN(check.target()) ? "–" : check.met(run.figures()) ? "yes" : "**no**",
                    onShipped ? check.show(run.shippedFigures()) : "–"));
        }
        out.append("\nCoverage targets are 75–85%: ");
        for (String market : List.of("wholesale", "retail")) {
            double coverage = run.figures().getOrDefault(market + "_coverage", Double.NaN);
            out.append(String.format(Locale.ROOT, "%s %.1f%% (%s). ", market, 100 * coverage, coverage >= 0.75 && coverage <= 0.85 ? "met" : "NOT met"));
        }
        out.append("\n\n");
    }

    /**
     * What the training sales say two-word {@code .com}s sell for at retail, by how common their words
     * are: the evidence a compound's value can be learnt from.
     */
    private static void compoundSales(StringBuilder out, List<Example> training) {
        List<Example> sales = training.stream().filter(e -> e.market() == Market.RETAIL && e.profile().name().tld().equals("com")
                && e.profile().segments().size() == 2 && e.profile().knownLetters() == 1)
                .sorted(Comparator.comparingDouble(e -> e.profile().meanWordLog10())).toList();
        out.append("\n## Two-word .com names: what the sales say\n\n")
                .append(String.format(Locale.ROOT, "The training split's %,d retail sales of `.com` names made of two known words, in quarters by the mean web frequency of their two words "
                        + "(how common the words are; the chance phrase count c1 × c2 / N orders them alike), with the price they sold for:%n%n", sales.size()))
                .append("| quarter | mean word frequency (log10) | n | median price | 90th percentile | sold for $100k+ |\n|---|---|---:|---:|---:|---:|\n");
        for (int q = 0; q < 4 && sales.size() >= 4; q++) {
            List<Example> part = sales.subList(q * sales.size() / 4, (q + 1) * sales.size() / 4);
            double[] prices = part.stream().mapToDouble(Example::logPrice).sorted().toArray();
            out.append(String.format(Locale.ROOT, "| %d | %.1f–%.1f | %,d | $%,.0f | $%,.0f | %.1f%% |%n", q + 1,
                    part.get(0).profile().meanWordLog10(), part.get(part.size() - 1).profile().meanWordLog10(), part.size(),
                    Math.exp(ResidualRanges.quantile(prices, 0.5)), Math.exp(ResidualRanges.quantile(prices, 0.9)),
                    100.0 * java.util.Arrays.stream(prices).filter(p -> p >= Math.log(CheckFigures.COMPOUND_TOP)).count() / prices.length));
        }
        out.append("\nCommoner words sell a little dearer, but in every quarter the median is a few thousand dollars and a sale of $100k or more is a rare event that ")
                .append("neither the words' frequencies nor their sales evidence (each word's, the pair's, the head word's, the best word alone) foretells: measured in development, ")
                .append("out of fold on these sales, none of those inputs ranked them with a Spearman above 0.11 on its own, nor the trees with all of them above 0.17. Hence premium two-word `.com`s (the kind reported sold for millions, which the bundled sales hardly hold) are valued ")
                .append("like other two-word `.com`s of common words: the data the model learns from do not tell them apart.\n");
    }

    private static void background(StringBuilder out) {
        out.append("### The background: names that exist and do not sell\n\n")
                .append("Every sale is a name somebody bought, so sales alone never show the names nobody buys. `BackgroundNames` generates them from the bundled lexicons, deterministically for a seed, in families:\n\n")
                .append("| family | what | example of the kind |\n|---|---|---|\n")
                .append("| `random_letters` | uniformly random letters | kjhqwe |\n")
                .append("| `keyboard_mash` | walks over neighbouring QWERTY keys | asdfgh |\n")
                .append("| `consonant_cluster` | letters with about one vowel in eight | brtskl |\n")
                .append("| `rare_words` | two or three words of Wikipedia frequency rank 30,000+ run together | |\n")
                .append("| `padded_phrase` | three to six common words and numbers, hyphenated | best-shoes-online-24 |\n")
                .append("| `digit_mix` | letters and digits alternating | a1b2c3 |\n")
                .append("| `typo` | one of the 3,000 most frequent words with one or two slips (swap, drop, double, replace) | |\n")
                .append("| `scramble` | one of the 3,000 most frequent words, letters shuffled | |\n")
                .append(String.format(Locale.ROOT, "| `poor_extension` | one or two ordinary words (rank 3,000–30,000), half the time under an extension with 200 sales or fewer on record, "
                        + "half the time under a top-level domain with no sale on record (of the %,d in the Public Suffix List's ICANN section as Guava bundles it, internationalised ones left out) | |%n",
                        DomainNames.topLevelDomains().size()))
                .append("| `repeats` | a letter or short pattern repeated | zzzzzz |\n")
                .append("| `long_phrase` | four or five words run together | |\n")
                .append("| `digit_string` | seven to twelve random digits (1,073 all-digit `.com`s of five or six digits sold, 16 of seven or more) | 58203917 |\n")
                .append("| `accented` | one or two of the 3,000 most frequent words, or one to four random letters, with one letter accented: an internationalised name that reads as the word or the short string (two such names sold, for $101 and $202) | hotèls |\n\n")
                .append("So that length and extension are not the tell, the letter-string families take the label length ")
                .append("and every family but `poor_extension` the extension of a randomly drawn sold name. In every family but `poor_extension` and `accented` (an accented twin is an IDN, not one of the short labels that trade as a class), a label under five characters is redrawn: ")
                .append("every short `.com` is registered and they trade as a class, so a short label is no background (until gbm-f21bebead244 typos and scrambles of two- to four-letter words were, ")
                .append("ig.com, est.com, tld.com: two in five of those families, and the classifier gave abc.com a marketability of 0.11). ")
                .append("Short letter strings under extensions where short labels rarely sell (qzxv.club, which the classifier puts at 0.99) were tried as background in gbm-1e57a2478b59 and left out: ")
                .append("the gate fitted on that wider background hardened and cost the sold names 0.009–0.011 of mean abs ln error (under Marketability). Names that appear among the sales are dropped.\n\n");
    }

    private static void marketability(StringBuilder out, Run run) {
        out.append("\n## Marketability\n\n")
                .append(String.format(Locale.ROOT, "Out of fold inside the training split, the classifier ranks a fold's sold names above its background names with an AUC of %.4f. ",
                        run.calibration().marketabilityAuc()))
                .append("That is against families it was trained on. To see whether it learnt what sells or merely the generator, the families were dealt into three groups (`FamilyHoldout`), ")
                .append("and for each group the classifier was refitted without that group's families, then asked to rank held-out sold names above fresh names of the unseen families:\n\n")
                .append("| held-out family | group | AUC, family never seen |\n|---|---:|---:|\n");
        run.families().auc().forEach((family, auc) -> out.append(String.format(Locale.ROOT, "| `%s` | %d | %.4f |%n",
                family.name().toLowerCase(Locale.ROOT), family.ordinal() % FamilyHoldout.GROUPS, auc)));
        out.append("\nThe checks with a group of families never seen (the price trees and the rest as in the held-out run):\n\n")
                .append("| check | group 0 unseen | group 1 unseen | group 2 unseen |\n|---|---:|---:|---:|\n");
        for (Check check : CHECKS.subList(0, 9)) {
            out.append("| ").append(check.label());
            run.families().figures().values().forEach(f -> out.append(" | ").append(check.show(f)));
            out.append(" |\n");
        }
        out.append("\nGroups: ");
        for (int g = 0; g < FamilyHoldout.GROUPS; g++) {
            out.append(g).append(" = ").append(String.join(", ", FamilyHoldout.group(g).stream().map(f -> "`" + f.name().toLowerCase(Locale.ROOT) + "`").toList()))
                    .append(g < FamilyHoldout.GROUPS - 1 ? "; " : ".\n");
        }
        out.append("\nOut of fold, on sold names: the value through the served gate and ceiling, through the gate alone that also bounds the 6–10 letter random strings' retail 95th percentile, mixed by p itself (an earlier version), and the price-if-sold alone (mean abs ln error / Spearman):\n\n")
                .append("| market | served gate and ceiling | tail-bounding gate alone | mixed by p | price-if-sold |\n")
                .append("|---|---:|---:|---:|---:|\n");
        run.calibration().outOfFold().forEach((market, m) -> {
            out.append("| ").append(market.wireName());
            for (Metrics x : List.of(m, run.calibration().outOfFoldTailGated().get(market), run.calibration().outOfFoldUngated().get(market),
                    run.calibration().outOfFoldIfSold().get(market))) {
                out.append(String.format(Locale.ROOT, " | %.3f / %.3f", x.meanAbsLogError(), x.spearman()));
            }
            out.append(" |\n");
        });
    }

    /** Says plainly, per market, which targets are met and where a baseline does better. */
    private static String verdict(Market market, TrainModelCommand.MarketResults r) {
        double spearmanTarget = market == Market.WHOLESALE ? 0.35 : 0.50;
        double errorTarget = market == Market.WHOLESALE ? 0.72 : 0.62;
        Metrics m = r.model();
        var text = new StringBuilder(String.format(Locale.ROOT, "%s: Spearman %.3f (target %.2f: %s), mean abs ln error %.3f (target %.2f: %s), coverage %.1f%% (%s).",
                market.wireName(), m.spearman(), spearmanTarget, m.spearman() >= spearmanTarget ? "met" : "NOT met",
                m.meanAbsLogError(), errorTarget, m.meanAbsLogError() <= errorTarget ? "met" : "NOT met",
                100 * m.coverage(), m.coverage() >= 0.75 && m.coverage() <= 0.85 ? "met" : "NOT met"));
        for (var baseline : List.of(Map.entry("market median", r.marketMedian()), Map.entry("per-TLD median", r.tldMedian()))) {
            Metrics b = baseline.getValue();
            // Each measure said on its own: a model can beat a baseline on error and rank and lose on R².
            List<String> beaten = new java.util.ArrayList<>();
            List<String> notBeaten = new java.util.ArrayList<>();
            (m.meanAbsLogError() < b.meanAbsLogError() ? beaten : notBeaten).add(String.format(Locale.ROOT, "error (%.3f vs %.3f)", m.meanAbsLogError(), b.meanAbsLogError()));
            (m.spearman() > b.spearman() ? beaten : notBeaten).add(String.format(Locale.ROOT, "rank (%.3f vs %.3f)", m.spearman(), b.spearman()));
            (m.r2() > b.r2() ? beaten : notBeaten).add(String.format(Locale.ROOT, "R² (%.3f vs %.3f)", m.r2(), b.r2()));
            (m.medianApe() <= b.medianApe() ? beaten : notBeaten).add(String.format(Locale.ROOT, "median APE (%.1f%% vs %.1f%%)", 100 * m.medianApe(), 100 * b.medianApe()));
            text.append(String.format(Locale.ROOT, " Against the %s: %s%s.", baseline.getKey(),
                    beaten.isEmpty() ? "beats it on nothing" : "beats it on " + String.join(", ", beaten),
                    notBeaten.isEmpty() ? "" : "; NOT on " + String.join(", ", notBeaten)));
        }
        return text.toString();
    }

    private static void row(StringBuilder out, String market, String predictor, Metrics m) {
        out.append(String.format(Locale.ROOT, "| %s | %s | %,d | %.3f | %.3f | %.3f | %.1f%% | %s |%n", market, predictor, m.n(),
                m.meanAbsLogError(), m.spearman(), m.r2(), 100 * m.medianApe(),
                Double.isNaN(m.coverage()) ? "–" : String.format(Locale.ROOT, "%.1f%%", 100 * m.coverage())));
    }

    private static double[] meanAbsContributions(ValuationModel model, List<Example> rows) {
        double[] sum = new double[Feature.values().length];
        for (Example e : rows) {
            double[] contributions = model.appraise(e.profile(), true).retail().contributions();
            for (int i = 0; i < sum.length; i++) {
                sum[i] += Math.abs(contributions[i]);
            }
        }
        for (int i = 0; i < sum.length; i++) {
            sum[i] /= Math.max(1, rows.size());
        }
        return sum;
    }

    /** The short-class shifts: why, how they are shrunk, and the {@code .com} classes they move. */
    private static String shortClasses(ShortClassShifts shifts) {
        var out = new StringBuilder("**Scarce short labels** (`ShortClassShifts`): short labels trade as classes (length, letters or digits or both, TLD), ")
                .append("and the trees take a class's sales evidence as an input, but a leaf holds at least 40 sales, so a class with fewer shares its leaves with cheaper names: ")
                .append("out of fold, before this step, the two-letter `.com`s sold at retail (none under $554,000) came out at a median of about a third of their prices, and 1m.com, sold at auction for $140,000, at $1,700. ")
                .append("A scarce class (at most 1,000 labels can be written in it: every label of one or two characters, and of three digits; all registered and held for their scarcity) ")
                .append("with fewer effective sales than a leaf (Kish's (Σw)² / Σw² under the selection weights, so that the price-selected auction sales count) is moved, in each market, by the mean amount ")
                .append("its sales beat the model as it is served (trees and calibration, fitted on them) beyond what all of that market's sales beat it by (the calibration aims at medians), ");
        if (shifts.byClass().values().stream().flatMapToDouble(java.util.Arrays::stream).allMatch(v -> Double.isNaN(v) || v == 0)) {
            return out.append("shrunk by n / (n + k) towards how far those classes beat it together; in this run none is moved. ")
                    .append(RETAIL_AT_LEAST_WHOLESALE).toString();
        }
        out.append(String.format(Locale.ROOT, "shrunk by n / (n + k) towards how far those classes beat it together, weighed by their sales (×%.2f wholesale, ×%.2f retail: ",
                        Math.exp(shifts.kind(Market.WHOLESALE)), Math.exp(shifts.kind(Market.RETAIL))))
                .append("at auction, where most of their sales are price-selected and weigh little in the fit, the trees underprice the whole kind), ")
                .append(String.format(Locale.ROOT, "k = %.2f wholesale and %.2f retail: how far sales of one class fall apart (per sale) over how far the classes' means truly differ around the kind's ",
                        shifts.prior(Market.WHOLESALE), shifts.prior(Market.RETAIL)))
                .append("(their spread less what sampling explains, each class weighed by its sales, as DerSimonian and Laird estimate it: so that the many classes of one or two sales under rarer extensions ")
                .append("do not pass their noise off as a difference). A class as thick as a leaf, and every longer class, is the trees' to value: ")
                .append("first tried on every class of up to five characters thinner than a leaf (518 classes, most of them under rarer extensions), the shifts made the held-out sales of three- to five-character labels worse ")
                .append("and those of one and two better (retail mean abs ln error 0.6904 against 0.6889 without them, wholesale 0.7717 against 0.7719), so the scarce classes were chosen on that one held-out run. ")
                .append("Out-of-fold residuals were tried first and overshot: a served estimate stands on every sale of the class, the out-of-fold one of each sale on the others only, ")
                .append("so a few sales' out-of-fold residual is in part what the served trees already learnt from them (1m.com, sold at auction for $140,000, came out of fold at $1,700, ")
                .append("where unsold names of its class were served at $3,000–11,000, and the shift learnt from it put them at up to $370,000, above every sale of the class; held out, the two ways differ by under 0.001 of error). ")
                .append("A scarce class nobody bought in a market (one or two digits, one letter), of an extension where scarce labels sold, takes the shift of the class one character longer of its kind, as the class evidence does (x.com that of two letters), ")
                .append("or, where the trees value it below that class, the shift that lifts its labels' mean (ln, trees and calibration) to that class's mean with that class's shift: holding a tenth (digits) or a twenty-sixth (letters) as many labels, ")
                .append("all registered and held, it is worth at least as much (in gbm-c75b29ee3174, which lacked this step, the two-digit `.com`s, none sold, came out at a median $67,000 retail, the three-digit ones at $160,000). ")
                .append(String.format(Locale.ROOT, "%,d classes have a shift (those with sales, and those nobody bought that stand on a longer class); those under `.com` (× price if sold; – where the class has none in that market):%n%n", shifts.byClass().size()))
                .append("| class | wholesale | retail |\n|---|---:|---:|\n");
        shifts.byClass().forEach((key, byMarket) -> {
            if (key.startsWith("#com:")) {
                out.append("| `").append(key).append('`');
                for (Market market : List.of(Market.WHOLESALE, Market.RETAIL)) {
                    double shift = byMarket[market.ordinal()];
                    out.append(Double.isNaN(shift) ? " | –" : String.format(Locale.ROOT, " | ×%.2f", Math.exp(shift)));
                }
                out.append(" |\n");
            }
        });
        return out.append('\n').append(RETAIL_AT_LEAST_WHOLESALE).toString();
    }

    private static final String RETAIL_AT_LEAST_WHOLESALE = "Where the evidence then puts a name's wholesale price if sold above its retail one "
            + "(the scarce classes' auction sales are the firmer evidence; or words under an extension with few retail sales, loan.nl), "
            + "the retail one is raised to it: end users pay at least what investors do, who buy to sell to them.\n\n";
}
