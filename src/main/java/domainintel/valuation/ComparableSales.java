package domainintel.valuation;

import domainintel.names.EnglishWords;
import domainintel.names.WordSegmenter;
import domainintel.sales.RepeatedReports;
import domainintel.sales.Sale;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The real past sales most like a name. Similarity mixes shared words (a weighted Tversky index,
 * each word weighted by how rare it is among sold names, so sharing "insurance" counts more than
 * sharing "my"), the same extension and a similar length. Candidates come from an inverted index
 * of words, scored by accumulating over the postings. When fewer than five sales share a word, a name that is one
 * English word is compared with sales of one such word under its extension that the web writes about as often
 * (korea.com beside other one-word {@code .com}s, not beside curea.com and kordio.com), and sales spelled alike fill in: those sharing
 * the most letter trigrams with the name (naviro.com beside navona, navea and finavi, not beside 000241.com), and
 * failing those, sales of the same extension and length.
 */
@Singleton
public class ComparableSales {
    static final int COUNT = 5;
    /** Postings visited per query at most, so that very common words stay cheap. */
    private static final int MAX_POSTINGS = 4_000;
    /** Trigram postings visited per query at most, rarest trigrams first: common ones (ing, ^co) tell little. */
    private static final int MAX_TRIGRAM_POSTINGS = 2_000;
    private static final double WORDS_WEIGHT = 0.7;
    private static final double TLD_WEIGHT = 0.2;
    private static final double LENGTH_WEIGHT = 0.1;
    /**
     * How much a sale's own extra words count against it, beside the name's words it lacks (a
     * Tversky index). Under 1, so that pinelakepizza.com, which shares the telling word of
     * bestpizza.net, is more alike than best.casino, which shares only the common one.
     */
    private static final double SALE_EXTRA_WORDS = 0.5;
    /**
     * A query falls back on sales of its extension and length when fewer than COUNT sales share a word with it and
     * fewer than COUNT a letter trigram; those are all equally similar, and the alphabetically first ones not already
     * kept fill the places left. Of the w sharing a word and the l sharing a trigram, at most w + l are among them, so
     * the first 2 COUNT - 1 hold the COUNT - w - l needed.
     */
    private static final int SHAPE_KEPT = 2 * COUNT - 1;
    /**
     * A sale spelled like the name, sharing no word, counts its letter resemblance (the Dice coefficient of
     * their letter trigrams) at this share of a word match: all its trigrams shared rank it with a sale that
     * shares half the name's words.
     */
    private static final double LETTERS_SHARE = 0.5;
    /**
     * A sale of one word under the name's extension, for a name of one word that no sale shares, counts its closeness
     * in web frequency at this share of a word match: a word as frequent ranks with a sale sharing half the name's
     * words, one a hundred times more or less frequent with a sale sharing nothing.
     */
    private static final double ONE_WORD_SHARE = 0.5;
    private static final double ONE_WORD_SPAN = Math.log(100);
    /** Shorter labels read as codes as often as words (see Lexicon) and trade as short-name classes: no measure of a word's worth. */
    private static final int ONE_WORD_MIN_LENGTH = 4;
    /** Letters, digits, the hyphen, the label's start or end, and anything else: a trigram is a number under 39^3. */
    private static final int LETTER_CODES = 39;
    private static final int TRIGRAM_CODES = LETTER_CODES * LETTER_CODES * LETTER_CODES;

    private final WordSegmenter segmenter;
    private final EnglishWords english;
    private final Sale[] sales;
    private final String[] tlds;
    private final int[] lengths;
    /** Sum of the weights of each sale's words. */
    private final double[] wordWeights;
    private final Map<String, int[]> postings = new HashMap<>();
    /**
     * Per letter trigram of the labels (with marks for their start and end; see {@link #trigrams}), the sales whose
     * label has it; null for a trigram no label has.
     */
    private final int[][] trigramPostings = new int[TRIGRAM_CODES][];
    /** How many distinct trigrams each sale's label has. */
    private final int[] trigramCounts;
    /** Per extension, the alphabetically first SHAPE_KEPT sales of each label length (index: the length). */
    private final Map<String, int[][]> byTldAndLength = new HashMap<>();
    /** Per extension, the sales whose label is one word, by that word's web log probability, and those log probabilities. */
    private final Map<String, int[]> oneWordSales = new HashMap<>();
    private final Map<String, double[]> oneWordLogProbabilities = new HashMap<>();
    private final Map<String, Double> weights = new HashMap<>();
    private final ThreadLocal<double[]> sharedScratch;
    /** Per thread, the sales a query has touched (at most MAX_POSTINGS): made once, not for every valuation. */
    private final ThreadLocal<int[]> touchedScratch;
    /** Per thread, the trigrams each sale shares with a query that falls back on spelling, and which sales those are. */
    private final ThreadLocal<int[]> trigramScratch;
    private final ThreadLocal<int[]> spelledAlikeScratch;

    public ComparableSales(WordSegmenter segmenter, EnglishWords english) {
        this.segmenter = segmenter;
        this.english = english;
        List<Sale> kept = new ArrayList<>();
        List<Set<String>> words = new ArrayList<>();
        List<String> tldList = new ArrayList<>();
        List<Integer> lengthList = new ArrayList<>();
        Map<String, List<Integer>> postingLists = new HashMap<>();
        List<int[]> saleTrigrams = new ArrayList<>();
        Map<String, Map<Integer, List<Integer>>> shapeLists = new HashMap<>();
        Map<String, List<Integer>> oneWordLists = new HashMap<>();
        var reports = new RepeatedReports();
        // Every segment of the label, as words(label) would read it: worked out ahead (see SalesSegments).
        for (SalesSegments.Entry entry : SalesSegments.bundled(segmenter)) {
            if (entry.tld() == null) {
                continue;
            }
            // A sale two sources report (a weekly report, then the year-end chart) is one comparable, not two.
            if (!reports.first(entry.sale().domain(), entry.sale())) {
                continue;
            }
            int id = kept.size();
            kept.add(entry.sale());
            tldList.add(entry.tld());
            lengthList.add(entry.length());
            Set<String> saleWords = new HashSet<>(entry.segments());
            words.add(saleWords);
            saleWords.forEach(w -> postingLists.computeIfAbsent(w, k -> new ArrayList<>()).add(id));
            String domain = entry.sale().domain();
            saleTrigrams.add(trigrams(domain.substring(0, domain.length() - entry.tld().length() - 1)));
            shapeLists.computeIfAbsent(entry.tld(), k -> new HashMap<>()).computeIfAbsent(entry.length(), k -> new ArrayList<>()).add(id);
            if (entry.segments().size() == 1 && oneWord(entry.segments().get(0))) {
                oneWordLists.computeIfAbsent(entry.tld(), k -> new ArrayList<>()).add(id);
            }
        }
        sales = kept.toArray(new Sale[0]);
        tlds = tldList.toArray(new String[0]);
        lengths = lengthList.stream().mapToInt(Integer::intValue).toArray();
        wordWeights = new double[sales.length];
        trigramCounts = saleTrigrams.stream().mapToInt(t -> t.length).toArray();
        indexTrigrams(saleTrigrams);
        postingLists.forEach((word, ids) -> {
            postings.put(word, ids.stream().mapToInt(Integer::intValue).toArray());
            weights.put(word, Math.log((double) sales.length / ids.size()));
        });
        shapeLists.forEach((tld, byLength) -> {
            int[][] lists = new int[byLength.keySet().stream().mapToInt(Integer::intValue).max().orElse(0) + 1][];
            byLength.forEach((length, ids) -> lists[length] = alphabeticallyFirst(ids));
            byTldAndLength.put(tld, lists);
        });
        for (int id = 0; id < sales.length; id++) {
            wordWeights[id] = words.get(id).stream().mapToDouble(this::weight).sum();
        }
        oneWordLists.forEach((tld, ids) -> {
            Map<Integer, Double> logProbability = new HashMap<>(ids.size() * 2);
            ids.forEach(id -> logProbability.put(id, segmenter.logProbability(label(id))));
            Comparator<Integer> byFrequency = Comparator.comparingDouble(logProbability::get);
            int[] sorted = ids.stream().sorted(byFrequency.thenComparing(id -> sales[id].domain())).mapToInt(Integer::intValue).toArray();
            oneWordSales.put(tld, sorted);
            oneWordLogProbabilities.put(tld, java.util.Arrays.stream(sorted).mapToDouble(logProbability::get).toArray());
        });
        int size = sales.length;
        sharedScratch = ThreadLocal.withInitial(() -> new double[size]);
        touchedScratch = ThreadLocal.withInitial(() -> new int[Math.min(MAX_POSTINGS, size)]);
        trigramScratch = ThreadLocal.withInitial(() -> new int[size]);
        spelledAlikeScratch = ThreadLocal.withInitial(() -> new int[Math.min(MAX_TRIGRAM_POSTINGS, size)]);
    }

    private record Scored(int id, double similarity) {
    }

    public List<Valuation.Comparable> find(NameProfile profile) {
        String tld = profile.name().tld();
        int length = profile.name().length();
        List<String> queryWords = new ArrayList<>(words(profile.name().label()));
        queryWords.sort(Comparator.comparingDouble((String w) -> -weight(w)).thenComparing(w -> w));
        double queryWeight = queryWords.stream().mapToDouble(this::weight).sum();

        double[] shared = sharedScratch.get();
        int[] touched = touchedScratch.get();
        int touchedCount = 0;
        int budget = MAX_POSTINGS;
        for (String word : queryWords) {
            int[] ids = postings.get(word);
            if (ids == null) {
                continue;
            }
            double w = weight(word);
            for (int i = 0; i < ids.length && budget > 0; i++, budget--) {
                if (shared[ids[i]] == 0) {
                    touched[touchedCount++] = ids[i];
                }
                shared[ids[i]] += w;
            }
        }
        Scored[] best = new Scored[COUNT];
        for (int t = 0; t < touchedCount; t++) {
            int id = touched[t];
            double queryOnly = queryWeight - shared[id];
            double saleOnly = wordWeights[id] - shared[id];
            double denominator = shared[id] + queryOnly + SALE_EXTRA_WORDS * saleOnly;
            offer(best, id, similarity(denominator == 0 ? 0 : shared[id] / denominator, tld, length, id));
        }
        int alike = 0;
        if (touchedCount < COUNT && profile.segments().size() == 1 && oneWord(profile.name().label())) {
            alike = offerOneWordSales(best, profile.name().label(), shared, tld, length);
        }
        if (touchedCount < COUNT && alike + offerSpelledAlike(best, profile.name().label(), shared, tld, length) < COUNT) {
            // Sales of the same extension and length that share no word and no trigram with the name are all equally
            // similar, so the first COUNT of them alphabetically are the only ones that can rank (see SHAPE_KEPT).
            int taken = 0;
            for (int id : salesOfShape(tld, length)) {
                if (shared[id] == 0 && !alreadyIn(best, id)) {
                    offer(best, id, similarity(0, tld, length, id));
                    if (++taken == COUNT) {
                        break;
                    }
                }
            }
        }
        for (int t = 0; t < touchedCount; t++) {
            shared[touched[t]] = 0;
        }
        List<Valuation.Comparable> found = new ArrayList<>(COUNT);
        for (Scored s : best) {
            if (s != null) {
                Sale sale = sales[s.id()];
                found.add(new Valuation.Comparable(sale.domain(), sale.priceUsd(), sale.date(), sale.venue(),
                        sale.market().wireName(), Math.round(s.similarity() * 100) / 100.0));
            }
        }
        return found;
    }

    /**
     * A label of letters that reads as one English word, long enough to be no code. An English word, not merely a
     * token the web writes: the web's list holds misspellings, names and codes, and a misspelling's peers in frequency
     * are no peers of it (bussiness.com was compared with catalogo.com, gaetano.com, tesoro.com and mgcp.com).
     */
    private boolean oneWord(String label) {
        return label.length() >= ONE_WORD_MIN_LENGTH && label.chars().allMatch(c -> c >= 'a' && c <= 'z') && segmenter.isWord(label)
                && english.rank(label) > 0;
    }

    private String label(int id) {
        String domain = sales[id].domain();
        return domain.substring(0, domain.length() - tlds[id].length() - 1);
    }

    /**
     * Offers the COUNT sales of one word under the extension that share no word with the name and whose words the web
     * writes most nearly as often as the name's (by ln probability); returns how many were offered.
     */
    private int offerOneWordSales(Scored[] best, String word, double[] shared, String tld, int length) {
        int[] ids = oneWordSales.get(tld);
        if (ids == null) {
            return 0;
        }
        double[] logProbabilities = oneWordLogProbabilities.get(tld);
        double target = segmenter.logProbability(word);
        int at = java.util.Arrays.binarySearch(logProbabilities, target);
        int below = (at >= 0 ? at : -at - 1) - 1;
        int above = below + 1;
        int offered = 0;
        while (offered < COUNT && (below >= 0 || above < ids.length)) {
            boolean takeAbove = below < 0 || above < ids.length && logProbabilities[above] - target < target - logProbabilities[below];
            int next = takeAbove ? above++ : below--;
            int id = ids[next];
            if (shared[id] == 0) {
                double closeness = Math.max(0, 1 - Math.abs(logProbabilities[next] - target) / ONE_WORD_SPAN);
                offer(best, id, similarity(ONE_WORD_SHARE * closeness, tld, length, id));
                offered++;
            }
        }
        return offered;
    }

    /**
     * Offers the sales sharing no word with the name ({@code shared} 0) by how many of the label's letter trigrams
     * they share, rarest trigrams first within the postings budget; returns how many were offered.
     */
    private int offerSpelledAlike(Scored[] best, String label, double[] shared, String tld, int length) {
        List<int[]> lists = new ArrayList<>();
        int[] trigrams = trigrams(label);
        for (int trigram : trigrams) {
            if (trigramPostings[trigram] != null) {
                lists.add(trigramPostings[trigram]);
            }
        }
        lists.sort(Comparator.comparingInt(ids -> ids.length));
        int[] common = trigramScratch.get();
        int[] touched = spelledAlikeScratch.get();
        int touchedCount = 0;
        int budget = MAX_TRIGRAM_POSTINGS;
        for (int[] ids : lists) {
            for (int i = 0; i < ids.length && budget > 0; i++, budget--) {
                int id = ids[i];
                if (shared[id] == 0 && common[id]++ == 0) {
                    touched[touchedCount++] = id;
                }
            }
        }
        for (int t = 0; t < touchedCount; t++) {
            int id = touched[t];
            double dice = 2.0 * common[id] / (trigrams.length + trigramCounts[id]);
            offer(best, id, similarity(LETTERS_SHARE * dice, tld, length, id));
            common[id] = 0;
        }
        return touchedCount;
    }

    /** Two passes over the sales' trigrams: how many sales have each, then which. */
    private void indexTrigrams(List<int[]> saleTrigrams) {
        int[] counts = new int[TRIGRAM_CODES];
        saleTrigrams.forEach(trigrams -> {
            for (int trigram : trigrams) {
                counts[trigram]++;
            }
        });
        for (int id = 0; id < saleTrigrams.size(); id++) {
            for (int trigram : saleTrigrams.get(id)) {
                if (trigramPostings[trigram] == null) {
                    trigramPostings[trigram] = new int[counts[trigram]];
                    counts[trigram] = 0;
                }
                trigramPostings[trigram][counts[trigram]++] = id;
            }
        }
    }

    /**
     * A label's distinct letter trigrams, each a number: its three characters' codes (a-z, 0-9, the hyphen, a mark
     * for the label's start or end, 38 for anything else) in base 39: as many as the label has characters.
     */
    private static int[] trigrams(String label) {
        // The label between its marks has length + 2 characters: the trigram starting at mark or character i - 1.
        int[] codes = new int[label.length()];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = (code(label, i - 1) * LETTER_CODES + code(label, i)) * LETTER_CODES + code(label, i + 1);
        }
        java.util.Arrays.sort(codes);
        int distinct = 0;
        for (int i = 0; i < codes.length; i++) {
            if (i == 0 || codes[i] != codes[i - 1]) {
                codes[distinct++] = codes[i];
            }
        }
        return java.util.Arrays.copyOf(codes, distinct);
    }

    /** The code of the character at {@code at} of the label between its start mark (-1) and end mark (its length). */
    private static int code(String label, int at) {
        if (at < 0 || at >= label.length()) {
            return 0;
        }
        char c = label.charAt(at);
        return c >= 'a' && c <= 'z' ? 1 + c - 'a' : c >= '0' && c <= '9' ? 27 + c - '0' : c == '-' ? 37 : 38;
    }

    private static boolean alreadyIn(Scored[] best, int id) {
        for (Scored s : best) {
            if (s != null && s.id() == id) {
                return true;
            }
        }
        return false;
    }

    /**
     * Keeps {@code best} sorted, most similar first; equal similarity goes to the alphabetically first name. Most
     * candidates rank below all of {@code best}, so they are turned away before anything is made for them. A sale
     * offered twice (one word, and spelled alike) keeps the higher of its similarities.
     */
    private void offer(Scored[] best, int id, double similarity) {
        Scored last = best[best.length - 1];
        if (last != null && !better(id, similarity, last)) {
            return;
        }
        for (int i = 0; i < best.length && best[i] != null; i++) {
            if (best[i].id() == id) {
                if (best[i].similarity() >= similarity) {
                    return;
                }
                System.arraycopy(best, i + 1, best, i, best.length - i - 1);
                best[best.length - 1] = null;
                break;
            }
        }
        for (int i = 0; i < best.length; i++) {
            if (best[i] == null || better(id, similarity, best[i])) {
                System.arraycopy(best, i, best, i + 1, best.length - i - 1);
                best[i] = new Scored(id, similarity);
                return;
            }
        }
    }

    private boolean better(int id, double similarity, Scored than) {
        return similarity > than.similarity()
                || similarity == than.similarity() && sales[id].domain().compareTo(sales[than.id()].domain()) < 0;
    }

    private double similarity(double wordSimilarity, String tld, int length, int id) {
        double lengthSimilarity = 1 - (double) Math.abs(length - lengths[id]) / Math.max(length, lengths[id]);
        return WORDS_WEIGHT * wordSimilarity + TLD_WEIGHT * (tld.equals(tlds[id]) ? 1 : 0) + LENGTH_WEIGHT * lengthSimilarity;
    }

    /** Words no sold name has are the rarest of all. */
    private double weight(String word) {
        return weights.getOrDefault(word, Math.log(sales.length));
    }

    /**
     * Every segment of the label, single letters and digits included: they are rarely shared, but
     * leaving them out would make "car2u" look like nothing but "car", as similar to carinsurance
     * as a name that is all car. A segment no sold name has that is two words the web writes as one
     * (sportsbook, lasvegas) brings its two words too, so that it is compared with sales of sports and
     * book rather than with whatever sold under its extension and length.
     */
    private Set<String> words(String label) {
        Set<String> words = new HashSet<>();
        for (String segment : segmenter.segment(label)) {
            words.add(segment);
            if (!postings.containsKey(segment)) {
                words.addAll(segmenter.splitInTwo(segment));
            }
        }
        return words;
    }

    /** The first SHAPE_KEPT of {@code ids} alphabetically, equal names in the order of the sales, as equal candidates rank. */
    private int[] alphabeticallyFirst(List<Integer> ids) {
        int[] first = new int[Math.min(SHAPE_KEPT, ids.size())];
        int count = 0;
        for (int id : ids) {
            int at = count;
            while (at > 0 && sales[id].domain().compareTo(sales[first[at - 1]].domain()) < 0) {
                at--;
            }
            if (at < first.length) {
                System.arraycopy(first, at, first, at + 1, Math.min(count, first.length - 1) - at);
                first[at] = id;
                count = Math.min(count + 1, first.length);
            }
        }
        return first;
    }

    private int[] salesOfShape(String tld, int length) {
        int[][] byLength = byTldAndLength.get(tld);
        return byLength != null && length < byLength.length && byLength[length] != null ? byLength[length] : new int[0];
    }
}
