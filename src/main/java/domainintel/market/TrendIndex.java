package domainintel.market;

import domainintel.names.CategoryTaxonomy;
import domainintel.sales.Market;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * An immutable snapshot of the dated sales, prepared once (at start-up and after an import) so that
 * a trends query touches no database and segments no name: every sale is reduced to small integers
 * (month, TLD, category, length bucket, market, keyword ids) and the rows are kept in price order.
 * Because of that order, one pass over the rows that match a query meets the prices of every group
 * (month, TLD, category, ...) already sorted, so each median is picked by rank on the way, without
 * sorting or copying anything. Answers are cached per distinct query for the life of the snapshot.
 */
final class TrendIndex {
    /** Label lengths 1 to 14 each have a bucket; 15 collects 15 and longer (few names are). */
    static final int LONGEST_BUCKET = 15;
    static final int TOP_KEYWORDS = 5;
    private static final int CACHED_ANSWERS = 512;
    private static final int ANY = -2;
    private static final int NONE = -1;

    /** One dated sale with what the trends need to know about its name. */
    record Entry(long price, LocalDate date, String tld, Market market, NameFacts.Facts facts, int length) {
    }

    private final long version;
    private final int size;
    private final long[] price;
    private final int[] month;
    private final int[] tld;
    private final int[] category;
    private final int[] lengthBucket;
    private final int[] market;
    private final int[][] keywords;
    private final String[] tlds;
    private final Map<String, Integer> tldIds = new HashMap<>();
    private final List<String> categories = CategoryTaxonomy.categories();
    private final String[] vocabulary;
    private final int firstMonth;
    private final int lastMonth;
    private final Map<TrendQuery, Trends> answers = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<TrendQuery, Trends> eldest) {
            return size() > CACHED_ANSWERS;
        }
    };

    /** {@code version} identifies the state of the sales history the entries were read from. */
    TrendIndex(long version, List<Entry> entries) {
        this.version = version;
        List<Entry> byPrice = new ArrayList<>(entries);
        byPrice.sort(Comparator.comparingLong(Entry::price));
        size = byPrice.size();
        price = new long[size];
        month = new int[size];
        tld = new int[size];
        category = new int[size];
        lengthBucket = new int[size];
        market = new int[size];
        keywords = new int[size][];
        tlds = byPrice.stream().map(Entry::tld).collect(Collectors.toCollection(TreeSet::new)).toArray(String[]::new);
        for (int t = 0; t < tlds.length; t++) {
            tldIds.put(tlds[t], t);
        }
        Map<String, Integer> wordIds = new HashMap<>();
        List<String> words = new ArrayList<>();
        int first = Integer.MAX_VALUE;
        int last = Integer.MIN_VALUE;
        for (int i = 0; i < size; i++) {
            Entry e = byPrice.get(i);
            price[i] = e.price();
            month[i] = MonthIndex.of(e.date());
            first = Math.min(first, month[i]);
            last = Math.max(last, month[i]);
            tld[i] = tldIds.get(e.tld());
            category[i] = categories.indexOf(e.facts().category());
            lengthBucket[i] = Math.min(e.length(), LONGEST_BUCKET) - 1;
            market[i] = e.market().ordinal();
            keywords[i] = e.facts().keywords().stream().mapToInt(w -> wordIds.computeIfAbsent(w, k -> {
                words.add(k);
                return words.size() - 1;
            })).toArray();
        }
        vocabulary = words.toArray(String[]::new);
        firstMonth = first;
        lastMonth = last;
    }

    long version() {
        return version;
    }

    Trends answer(TrendQuery query) {
        synchronized (answers) {
            Trends cached = answers.get(query);
            if (cached != null) {
                return cached;
            }
        }
        Trends computed = compute(query);
        synchronized (answers) {
            answers.put(query, computed);
        }
        return computed;
    }

    private Trends compute(TrendQuery q) {
        var filters = new Trends.Filters(q.tld().orElse(null), q.category().orElse(null), q.market().map(Market::wireName).orElse(null));
        Integer fromGiven = q.from().map(MonthIndex::of).orElse(null);
        Integer toGiven = q.to().map(MonthIndex::of).orElse(null);
        if (size == 0 && fromGiven == null && toGiven == null) {
            return new Trends(q.period().wireName(), filters, new Trends.Summary(0, 0, null, null, null),
                    List.of(), null, List.of(), List.of(), List.of());
        }
        // Unbounded ends reach the first and the last month with any sales (whatever the filters), so
        // filtered answers cover the same months as the unfiltered one.
        int from = fromGiven != null ? fromGiven : size == 0 ? toGiven : toGiven != null ? Math.min(firstMonth, toGiven) : firstMonth;
        int to = toGiven != null ? toGiven : size == 0 ? from : Math.max(lastMonth, from);
        int wantTld = q.tld().map(t -> tldIds.getOrDefault(t, NONE)).orElse(ANY);
        int wantCategory = q.category().map(categories::indexOf).orElse(ANY);
        int wantMarket = q.market().map(Enum::ordinal).orElse(ANY);
        Period period = q.period();
        int p0 = period.of(from);
        int periods = period.of(to) - p0 + 1;

        // Groups of sales, each with a count, a volume and a median, laid out in one set of arrays.
        Layout g = new Layout(periods, tlds.length, categories.size());
        long[] count = new long[g.size];
        long[] volume = new long[g.size];
        int[] matched = new int[size];
        int n = 0;
        int[] groups = new int[7];
        for (int i = 0; i < size; i++) {
            if (month[i] < from || month[i] > to || (wantTld != ANY && tld[i] != wantTld)
                    || (wantCategory != ANY && category[i] != wantCategory) || (wantMarket != ANY && market[i] != wantMarket)) {
                continue;
            }
            matched[n++] = i;
            int k = g.mainGroups(i, period.of(month[i]) - p0, groups);
            for (int j = 0; j < k; j++) {
                count[groups[j]]++;
                volume[groups[j]] += price[i];
            }
        }
        // The change of a TLD or a category compares the last two periods of the window with sales.
        int current = -1;
        int previous = -1;
        for (int p = periods - 1; p >= 0 && previous < 0; p--) {
            if (count[g.series + p] > 0) {
                if (current < 0) {
                    current = p;
                } else {
                    previous = p;
                }
            }
        }
        g.basis(current, previous);
        for (int k = 0; k < n; k++) {
            int i = matched[k];
            int c = g.basisGroups(i, period.of(month[i]) - p0, groups);
            for (int j = 0; j < c; j++) {
                count[groups[j]]++;
            }
        }
        long[] median = medians(matched, n, count, g, period, p0, groups);

        List<Trends.Point> series = new ArrayList<>(periods);
        for (int p = 0; p < periods; p++) {
            series.add(new Trends.Point(period.label(p0 + p), count[g.series + p], volume[g.series + p], orNull(median[g.series + p]),
                    p == 0 ? null : change(median[g.series + p - 1], median[g.series + p])));
        }
        long total = count[0];
        List<Trends.TldRow> tldRows = new ArrayList<>();
        for (int t = 0; t < tlds.length; t++) {
            if (count[g.tld + t] > 0) {
                tldRows.add(new Trends.TldRow(tlds[t], count[g.tld + t], volume[g.tld + t], round4((double) count[g.tld + t] / total),
                        median[g.tld + t], change(median[g.tldPrevious + t], median[g.tldCurrent + t])));
            }
        }
        tldRows.sort(Comparator.comparingLong(Trends.TldRow::sales).reversed().thenComparing(Trends.TldRow::tld));
        List<List<String>> topKeywords = topKeywords(matched, n);
        List<Trends.CategoryRow> categoryRows = new ArrayList<>();
        for (int c = 0; c < categories.size(); c++) {
            if (count[g.category + c] > 0) {
                categoryRows.add(new Trends.CategoryRow(categories.get(c), count[g.category + c], volume[g.category + c],
                        round4((double) count[g.category + c] / total), median[g.category + c],
                        change(median[g.categoryPrevious + c], median[g.categoryCurrent + c]), topKeywords.get(c)));
            }
        }
        categoryRows.sort(Comparator.comparingLong(Trends.CategoryRow::sales).reversed().thenComparing(Trends.CategoryRow::category));
        List<Trends.LengthRow> lengthRows = new ArrayList<>();
        for (int l = 0; l < LONGEST_BUCKET; l++) {
            if (count[g.length + l] > 0) {
                lengthRows.add(new Trends.LengthRow(l + 1, l + 1 == LONGEST_BUCKET, count[g.length + l], median[g.length + l]));
            }
        }
        var basis = previous < 0 ? null : new Trends.ChangeBasis(period.label(p0 + current), period.label(p0 + previous));
        var summary = new Trends.Summary(total, volume[0], orNull(median[0]),
                MonthIndex.toYearMonth(from).toString(), MonthIndex.toYearMonth(to).toString());
        return new Trends(period.wireName(), filters, summary, series, basis, tldRows, categoryRows, lengthRows);
    }

    /**
     * Every group's median, in one pass over the matched rows in price order: a group's k-th row met is
     * its k-th cheapest sale. For an even count the median is the mean of the two middle prices,
     * rounded half up to a whole dollar. {@code -1} marks a group with no sales.
     */
    private long[] medians(int[] matched, int n, long[] count, Layout g, Period period, int p0, int[] groups) {
        long[] low = new long[g.size];
        long[] high = new long[g.size];
        long[] seen = new long[g.size];
        for (int k = 0; k < n; k++) {
            int i = matched[k];
            int m = g.mainGroups(i, period.of(month[i]) - p0, groups);
            m += g.basisGroups(i, period.of(month[i]) - p0, groups, m);
            for (int j = 0; j < m; j++) {
                int group = groups[j];
                long rank = seen[group]++;
                if (rank == (count[group] - 1) / 2) {
                    low[group] = price[i];
                }
                if (rank == count[group] / 2) {
                    high[group] = price[i];
                }
            }
        }
        long[] median = new long[g.size];
        for (int group = 0; group < g.size; group++) {
            median[group] = count[group] == 0 ? -1 : (low[group] + high[group] + 1) / 2;
        }
        return median;
    }

    /** Per category, its most frequent keywords among the matched sales (by sales naming them; ties alphabetical). */
    private List<List<String>> topKeywords(int[] matched, int n) {
        int[][] counts = new int[categories.size()][];
        List<List<Integer>> touched = new ArrayList<>();
        for (int c = 0; c < categories.size(); c++) {
            touched.add(new ArrayList<>());
        }
        for (int k = 0; k < n; k++) {
            int i = matched[k];
            int c = category[i];
            if (counts[c] == null) {
                counts[c] = new int[vocabulary.length];
            }
            for (int word : keywords[i]) {
                if (counts[c][word]++ == 0) {
                    touched.get(c).add(word);
                }
            }
        }
        List<List<String>> top = new ArrayList<>();
        for (int c = 0; c < categories.size(); c++) {
            top.add(mostFrequent(touched.get(c), counts[c]));
        }
        return top;
    }

    /** The {@link #TOP_KEYWORDS} most counted words, by one scan keeping a small ranked list (no sort of them all). */
    private List<String> mostFrequent(List<Integer> words, int[] counts) {
        int[] best = new int[TOP_KEYWORDS];
        int kept = 0;
        for (int word : words) {
            int at = kept;
            while (at > 0 && ranksBefore(word, best[at - 1], counts)) {
                at--;
            }
            if (at < TOP_KEYWORDS) {
                int last = Math.min(kept, TOP_KEYWORDS - 1);
                System.arraycopy(best, at, best, at + 1, last - at);
                best[at] = word;
                kept = Math.min(kept + 1, TOP_KEYWORDS);
            }
        }
        List<String> top = new ArrayList<>(kept);
        for (int k = 0; k < kept; k++) {
            top.add(vocabulary[best[k]]);
        }
        return top;
    }

    /** More sales first; among equals, alphabetical. */
    private boolean ranksBefore(int word, int other, int[] counts) {
        return counts[word] != counts[other] ? counts[word] > counts[other] : vocabulary[word].compareTo(vocabulary[other]) < 0;
    }

    private static Long orNull(long median) {
        return median < 0 ? null : median;
    }

    /** Relative change from one median to the next, rounded to four decimals; null without both. */
    private static Double change(long before, long after) {
        return before <= 0 || after < 0 ? null : round4((double) (after - before) / before);
    }

    private static double round4(double value) {
        return Math.round(value * 10_000) / 10_000.0;
    }

    /** Where each group sits in the arrays: summary, series periods, TLDs, categories, length buckets, change bases. */
    private final class Layout {
        final int series = 1;
        final int tld;
        final int category;
        final int length;
        final int tldCurrent;
        final int tldPrevious;
        final int categoryCurrent;
        final int categoryPrevious;
        final int size;
        int current = -1;
        int previous = -1;

        Layout(int periods, int tldCount, int categoryCount) {
            tld = series + periods;
            category = tld + tldCount;
            length = category + categoryCount;
            tldCurrent = length + LONGEST_BUCKET;
            tldPrevious = tldCurrent + tldCount;
            categoryCurrent = tldPrevious + tldCount;
            categoryPrevious = categoryCurrent + categoryCount;
            size = categoryPrevious + categoryCount;
        }

        void basis(int current, int previous) {
            this.current = current;
            this.previous = previous;
        }

        /** The summary, series, TLD, category and length groups of row {@code i}, in {@code out}; returns how many. */
        int mainGroups(int i, int period, int[] out) {
            out[0] = 0;
            out[1] = series + period;
            out[2] = tld + TrendIndex.this.tld[i];
            out[3] = category + TrendIndex.this.category[i];
            out[4] = length + lengthBucket[i];
            return 5;
        }

        int basisGroups(int i, int period, int[] out) {
            return basisGroups(i, period, out, 0);
        }

        /** The change-basis groups of row {@code i} (none unless it is in one of the two compared periods), from {@code out[at]}. */
        int basisGroups(int i, int period, int[] out, int at) {
            if (previous < 0 || (period != current && period != previous)) {
                return 0;
            }
            boolean isCurrent = period == current;
            out[at] = (isCurrent ? tldCurrent : tldPrevious) + TrendIndex.this.tld[i];
            out[at + 1] = (isCurrent ? categoryCurrent : categoryPrevious) + TrendIndex.this.category[i];
            return 2;
        }
    }
}
