package domainintel.valuation.training;

import domainintel.names.DomainName;
import domainintel.names.DomainNames;
import domainintel.names.EnglishWords;
import domainintel.sales.Market;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The lists the model is checked on beyond sold-name accuracy, none of them ever trained on:
 * random letter strings, held-out auction names beside random strings of the same length and
 * extension, common words beside their scrambled, {@code .info} and padded-phrase twins, and the
 * held-out sales of $1M or more, the held-out retail sales of two-word {@code .com}s, and {@link Junk junk} of
 * kinds the background families do not make. Built from a seed of their own, independent of the training seed,
 * so that every model (the previous one included) is measured on exactly the same names.
 */
final class CheckLists {
    static final long SEED = 20_261_123L;
    static final int RANDOM_NAMES = 1_000;
    static final int WORDS = 300;
    /** Words are drawn from this many most frequent English (Wikipedia) words. */
    private static final int WORD_POOL = 20_000;
    static final double MILLION = 1_000_000;
    static final int JUNK_NAMES = 200;

    /**
     * @param randomCom    random 6–10 letter {@code .com} labels
     * @param soldAuction  held-out names sold at auction (wholesale sources) with 6–10 character labels
     * @param randomTwins  for each of those, random letters of the same length under the same extension
     * @param words        common words for the pair checks
     * @param million      held-out sales of $1M or more
     * @param compounds    held-out retail sales of {@code .com} names made of two known words
     * @param junk         {@code .com} junk of other kinds than the random-letter check's
     */
    record Lists(List<DomainName> randomCom, List<DomainName> soldAuction, List<DomainName> randomTwins,
                 List<String> words, List<Example> million, List<Example> compounds, List<Junk> junk) {
    }

    /**
     * {@code .com} names nobody buys, of a kind: whether the value holds beyond the random letters the tail
     * bound is fitted on. No target; the issue warns against a model that only learns to spot its generator.
     *
     * @param key the figures' key
     */
    record Junk(String key, List<DomainName> names) {
    }

    private CheckLists() {
    }

    static Lists build(List<Example> holdout, EnglishWords english) {
        var random = new SplittableRandom(SEED);
        List<DomainName> randomCom = new ArrayList<>();
        for (int i = 0; i < RANDOM_NAMES; i++) {
            randomCom.add(DomainNames.parse(letters(random, 6 + random.nextInt(5)) + ".com"));
        }
        Set<String> seen = new LinkedHashSet<>();
        List<DomainName> sold = new ArrayList<>();
        List<DomainName> twins = new ArrayList<>();
        for (Example e : holdout) {
            DomainName name = e.profile().name();
            if (e.market() == Market.WHOLESALE && name.length() >= 6 && name.length() <= 10 && seen.add(name.name())) {
                sold.add(name);
                twins.add(DomainNames.parse(letters(random, name.length()) + "." + name.tld()));
            }
        }
        List<String> pool = english.mostFrequent(WORD_POOL).stream()
                .filter(w -> w.length() >= 4 && w.length() <= 9 && w.chars().allMatch(c -> c >= 'a' && c <= 'z')).toList();
        Set<String> words = new LinkedHashSet<>();
        while (words.size() < WORDS) {
            words.add(pool.get(random.nextInt(pool.size())));
        }
        List<Example> million = holdout.stream().filter(e -> Math.exp(e.logPrice()) >= MILLION - 1).toList();
        List<Example> compounds = holdout.stream().filter(e -> e.market() == Market.RETAIL && e.profile().name().tld().equals("com")
                && e.profile().segments().size() == 2 && e.profile().knownLetters() == 1).toList();
        return new Lists(randomCom, sold, twins, List.copyOf(words), million, compounds, junk());
    }

    /** From a stream of their own, so that the other lists draw what they drew before these existed. */
    private static List<Junk> junk() {
        var random = new SplittableRandom(SEED + 3);
        List<DomainName> hyphenated = new ArrayList<>();
        List<DomainName> alphanumeric = new ArrayList<>();
        List<DomainName> digits = new ArrayList<>();
        while (hyphenated.size() < JUNK_NAMES) {
            hyphenated.add(DomainNames.parse(letters(random, 3 + random.nextInt(3)) + "-" + letters(random, 3 + random.nextInt(3)) + ".com"));
        }
        while (alphanumeric.size() < JUNK_NAMES) {
            String label = lettersAndDigits(random, 6 + random.nextInt(5));
            if (label.chars().anyMatch(Character::isDigit) && label.chars().anyMatch(Character::isLetter)) {
                alphanumeric.add(DomainNames.parse(label + ".com"));
            }
        }
        while (digits.size() < JUNK_NAMES) {
            digits.add(DomainNames.parse(BackgroundNames.digits(random, 7 + random.nextInt(6)) + ".com"));
        }
        return List.of(
                new Junk("junk_hyphenated", hyphenated),
                new Junk("junk_alphanumeric", alphanumeric),
                new Junk("junk_digits", digits));
    }

    private static String lettersAndDigits(SplittableRandom random, int length) {
        var out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            int c = random.nextInt(36);
            out.append(c < 26 ? (char) ('a' + c) : (char) ('0' + c - 26));
        }
        return out.toString();
    }

    /** The word's letters shuffled until they differ from it and spell no known word. */
    static String scramble(String word, EnglishWords english, SplittableRandom random) {
        char[] letters = word.toCharArray();
        String candidate = word;
        for (int attempt = 0; attempt < 50 && (candidate.equals(word) || english.rank(candidate) > 0); attempt++) {
            for (int i = letters.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                char t = letters[i];
                letters[i] = letters[j];
                letters[j] = t;
            }
            candidate = new String(letters);
        }
        return candidate;
    }

    /**
     * The word with one typing slip ({@link BackgroundNames#slip}) that spells no known word: the kind of
     * name a typo-squatter registers and no buyer pays for. The background's {@code typo} family makes the
     * same slips, one or two, of the 3,000 most frequent words; these are of words up to rank 20,000, from
     * a seed of their own.
     */
    static String typo(String word, EnglishWords english, SplittableRandom random) {
        String candidate = word;
        for (int attempt = 0; attempt < 50 && (candidate.equals(word) || english.rank(candidate) > 0); attempt++) {
            var out = new StringBuilder(word);
            BackgroundNames.slip(out, random);
            candidate = out.toString();
        }
        return candidate;
    }

    static String letters(SplittableRandom random, int length) {
        var out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append((char) ('a' + random.nextInt(26)));
        }
        return out.toString();
    }
}
