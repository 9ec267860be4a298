package domainintel.valuation;

import domainintel.names.DomainNames;
import domainintel.names.WordSegmenter;
import domainintel.sales.Sale;
import domainintel.sales.SalesCsv;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The real past sales most like a name. Similarity mixes shared words (weighted by how rare each
 * word is among sold names, so sharing "insurance" counts more than sharing "my"), the same
 * extension and a similar length. Candidates come from an inverted index of words, and when no
 * word is shared (brandables, numbers), from sales of the same extension and length.
 */
@Singleton
public class ComparableSales {
    static final int COUNT = 5;
    /** Candidates scanned per query at most, so common words stay cheap. */
    private static final int MAX_CANDIDATES = 4_000;
    private static final double WORDS_WEIGHT = 0.7;
    private static final double TLD_WEIGHT = 0.2;
    private static final double LENGTH_WEIGHT = 0.1;

    private record Indexed(Sale sale, String tld, int length, Set<String> words) {
    }

    private final WordSegmenter segmenter;
    private final List<Indexed> sales = new ArrayList<>();
    private final Map<String, List<Integer>> byWord = new HashMap<>();
    private final Map<String, List<Integer>> byShape = new HashMap<>();
    private final Map<String, Double> idf = new HashMap<>();

    public ComparableSales(WordSegmenter segmenter) {
        this.segmenter = segmenter;
        for (Sale sale : SalesCsv.bundled()) {
            var name = DomainNames.tryParse(sale.domain());
            if (name.isEmpty()) {
                continue;
            }
            int id = sales.size();
            Set<String> words = words(name.get().label());
            sales.add(new Indexed(sale, name.get().tld(), name.get().length(), words));
            words.forEach(w -> byWord.computeIfAbsent(w, k -> new ArrayList<>()).add(id));
            byShape.computeIfAbsent(shapeKey(name.get().tld(), name.get().length()), k -> new ArrayList<>()).add(id);
        }
        double n = sales.size();
        byWord.forEach((word, ids) -> idf.put(word, Math.log(n / ids.size())));
    }

    public List<Valuation.Comparable> find(NameProfile profile) {
        String tld = profile.name().tld();
        int length = profile.name().length();
        Set<String> words = new HashSet<>();
        for (String segment : profile.segments()) {
            if (segment.length() > 1) {
                words.add(segment);
            }
        }
        Set<Integer> candidates = new HashSet<>();
        words.stream().filter(byWord::containsKey)
                .sorted(Comparator.comparingDouble((String w) -> -idf.get(w)))
                .forEach(w -> addUpTo(candidates, byWord.get(w)));
        if (candidates.size() < COUNT) {
            addUpTo(candidates, byShape.getOrDefault(shapeKey(tld, length), List.of()));
        }
        double queryWeight = words.stream().mapToDouble(this::weight).sum();
        record Scored(Indexed sale, double similarity) {
        }
        return candidates.stream()
                .map(id -> new Scored(sales.get(id), similarity(words, queryWeight, tld, length, sales.get(id))))
                .sorted(Comparator.comparingDouble((Scored s) -> -s.similarity())
                        .thenComparing(s -> s.sale().sale().domain()))
                .limit(COUNT)
                .map(s -> new Valuation.Comparable(s.sale().sale().domain(), s.sale().sale().priceUsd(), s.sale().sale().date(),
                        s.sale().sale().venue(), s.sale().sale().market().wireName(), Math.round(s.similarity() * 100) / 100.0))
                .toList();
    }

    private double similarity(Set<String> words, double queryWeight, String tld, int length, Indexed other) {
        double shared = 0;
        double union = queryWeight;
        for (String word : other.words()) {
            if (words.contains(word)) {
                shared += weight(word);
            } else {
                union += weight(word);
            }
        }
        double wordSimilarity = union == 0 ? 0 : shared / union;
        double lengthSimilarity = 1 - (double) Math.abs(length - other.length()) / Math.max(length, other.length());
        return WORDS_WEIGHT * wordSimilarity + TLD_WEIGHT * (tld.equals(other.tld()) ? 1 : 0) + LENGTH_WEIGHT * lengthSimilarity;
    }

    /** Words no sold name has are the rarest of all. */
    private double weight(String word) {
        return idf.getOrDefault(word, Math.log(sales.size()));
    }

    private Set<String> words(String label) {
        Set<String> words = new HashSet<>();
        for (String segment : segmenter.segment(label)) {
            if (segment.length() > 1) {
                words.add(segment);
            }
        }
        return words;
    }

    private static void addUpTo(Set<Integer> candidates, List<Integer> ids) {
        for (int i = 0; i < ids.size() && candidates.size() < MAX_CANDIDATES; i++) {
            candidates.add(ids.get(i));
        }
    }

    private static String shapeKey(String tld, int length) {
        return tld + "/" + length;
    }
}
