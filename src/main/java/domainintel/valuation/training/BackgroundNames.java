package domainintel.valuation.training;

import domainintel.names.DomainName;
import domainintel.names.DomainNames;
import domainintel.names.EnglishWords;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Names that exist but do not sell: the background the marketability classifier learns sold names
 * against. Every sale in the data is a name somebody bought, so a model of sales alone never sees
 * the names nobody buys; registries hold millions of them (typos, keyboard mashes, padded phrases,
 * rare-word pairs), and they are generated here, in {@link Family families}, from the bundled
 * lexicons only. Deterministic for a seed.
 *
 * <p>So that length and extension are not the tell, the letter-string families take the label
 * length of a randomly drawn sold name, and every family but {@link Family#POOR_EXTENSION} takes
 * its extension. Labels under five characters are redrawn where short labels trade as a class (see
 * {@link #shortLabelsTrade}); elsewhere the letter strings and digit mixes may be as short as the
 * sold name they mirror. Names that appear among the sales are dropped.
 */
final class BackgroundNames {
    /** Each family is a kind of name that exists without a market. */
    enum Family {
        /** Uniformly random letters ({@code kjhqwe}). */
        RANDOM_LETTERS,
        /** Walks over neighbouring keys of a QWERTY keyboard ({@code asdfgh}, {@code qwerds}). */
        KEYBOARD_MASH,
        /** Letters with few vowels ({@code brtskl}). */
        CONSONANT_CLUSTER,
        /** Two or three rare English words run together. */
        RARE_WORDS,
        /** Long hyphenated phrases of common words padded with numbers ({@code best-shoes-online-24}). */
        PADDED_PHRASE,
        /** Letters and digits mixed ({@code a1b2c3}, {@code x7q9z}). */
        DIGIT_MIX,
        /** A common word with one or two slips of the finger (letters swapped, dropped, doubled or replaced). */
        TYPO,
        /** A common word's letters shuffled. */
        SCRAMBLE,
        /** An ordinary word, or two, under an extension that sells rarely or has never sold. */
        POOR_EXTENSION,
        /** One letter or a short pattern repeated ({@code zzzzzz}, {@code abcabc}). */
        REPEATS,
        /** Four or five common words run together into a long label. */
        LONG_PHRASE
    }

    record Named(DomainName name, Family family) {
    }

    private static final String[] KEYBOARD_ROWS = {"qwertyuiop", "asdfghjkl", "zxcvbnm"};
    private static final String VOWELS = "aeiou";
    private static final String CONSONANTS = "bcdfghjklmnpqrstvwxz";
    private static final int MIN_RANDOM_LENGTH = 5;
    /** Labels of this many characters or fewer are short: the ones that trade as a class where they trade at all. */
    static final int SHORT_LABEL = 4;
    /** A one-character label is reserved under most extensions, so short background starts at two. */
    private static final int MIN_SHORT_LABEL = 2;
    /**
     * Short labels trade as a class under an extension when at least one sale in 400 is a short label
     * under it. Short-label sales per thousand of all the bundled sales: com 75.9, org 7.8, net 7.2,
     * ai 7.0, io 4.1, de 3.1, co 2.9, then eu 2.0, cc 1.9, xyz 1.4, tv 1.4, art 1.3, and on down to
     * club 0.2 and online 0.1 (on the held-out run's training side co 2.9, eu 2.1). Two steps stand out
     * below com: net to io (7.2 to 4.1) and co to eu (2.9 to 2.0). The line is in the lower one, so that
     * io, ai and co, with a hundred or more short-label sales each, stay with com; it is a share, not a
     * count, so that the training side (four fifths of the sales) and all of them draw it alike.
     */
    static final double SHORT_DEPTH = 1.0 / 400;
    /** The families made of letters or digits drawn one by one, whose labels take a sold name's length. */
    private static final Set<Family> LENGTH_MIRRORING = java.util.EnumSet.of(Family.RANDOM_LETTERS,
            Family.KEYBOARD_MASH, Family.CONSONANT_CLUSTER, Family.DIGIT_MIX);
    private static final int MAX_LABEL = 40;

    private final List<String> common;
    private final List<String> ordinary;
    private final List<String> rare;
    private final List<DomainName> sold;
    private final Set<String> soldNames = new java.util.HashSet<>();
    private final List<String> poorExtensions;
    private final List<String> neverSoldExtensions;
    private final Set<String> shortLabelMarkets;

    /**
     * @param sold the sold names whose lengths and extensions the background mirrors (training side only)
     */
    BackgroundNames(EnglishWords english, List<DomainName> sold) {
        List<String> words = english.mostFrequent(100_000).stream()
                .filter(w -> w.length() >= 3 && w.chars().allMatch(c -> c >= 'a' && c <= 'z')).toList();
        this.common = words.subList(0, 3_000);
        this.ordinary = words.subList(3_000, 30_000);
        this.rare = words.subList(30_000, words.size());
        this.sold = sold;
        sold.forEach(n -> soldNames.add(n.name()));
        Map<String, Integer> tldSales = new HashMap<>();
        sold.forEach(n -> tldSales.merge(n.tld(), 1, Integer::sum));
        // Extensions with some sales but few: real, registrable, and rarely bought.
        this.poorExtensions = tldSales.entrySet().stream().filter(e -> e.getValue() <= 200)
                .map(Map.Entry::getKey).sorted().toList();
        // And the many with no sale on record: the model knows nothing of them but that names exist there.
        this.neverSoldExtensions = DomainNames.topLevelDomains().stream().filter(tld -> !tldSales.containsKey(tld)).toList();
        this.shortLabelMarkets = shortLabelsTrade(sold);
    }

    /**
     * The extensions under which short labels trade as a class: their short-label sales are at least
     * {@link #SHORT_DEPTH} of all of {@code sold}. Every short {@code .com} is registered and they trade,
     * so a short {@code .com} is no background: a typo or scramble of a three-letter word (teh, dna) or a
     * four-character digit mix was such a label, and taught the classifier that short names do not sell
     * (abc.com came out at 0.11, nba.com at 0.16). Where short labels have little sales depth, a short
     * string is as much a name nobody buys as a long one: with none in the background the classifier
     * learnt that a short label sells whatever its extension (qzxv.club at 0.99 against qzxvk.club at 0.01).
     */
    static Set<String> shortLabelsTrade(List<DomainName> sold) {
        return shortLabelSales(sold).entrySet().stream().filter(e -> e.getValue() >= SHORT_DEPTH * sold.size())
                .map(Map.Entry::getKey).collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
    }

    /** Sales of labels of {@link #SHORT_LABEL} characters or fewer, per extension. */
    static Map<String, Integer> shortLabelSales(List<DomainName> sold) {
        Map<String, Integer> counts = new HashMap<>();
        sold.stream().filter(n -> n.length() <= SHORT_LABEL).forEach(n -> counts.merge(n.tld(), 1, Integer::sum));
        return counts;
    }

    /** {@code perFamily} names of each of {@code families}, in a fixed order for a seed. */
    List<Named> generate(long seed, int perFamily, Set<Family> families) {
        List<Named> out = new ArrayList<>();
        for (Family family : Family.values()) {
            if (!families.contains(family)) {
                continue;
            }
            var random = new SplittableRandom(seed * 31 + family.ordinal());
            Set<String> made = new LinkedHashSet<>();
            for (int attempt = 0; made.size() < perFamily && attempt < perFamily * 20; attempt++) {
                DomainName template = sold.get(random.nextInt(sold.size()));
                String tld = family == Family.POOR_EXTENSION ? poorExtension(random) : template.tld();
                int minLength = minLength(family, tld);
                String label = label(family, template, minLength, random);
                if (label.length() > MAX_LABEL || label.length() < minLength) {
                    continue;
                }
                var name = DomainNames.tryParse(label + "." + tld);
                if (name.isPresent() && !soldNames.contains(name.get().name()) && made.add(name.get().name())) {
                    out.add(new Named(name.get(), family));
                }
            }
        }
        return out;
    }

    /**
     * A poor extension's own words may be short, and so may letter strings and digit mixes where short
     * labels do not trade as a class ({@link #shortLabelsTrade}); everything else is five characters or more.
     */
    private int minLength(Family family, String tld) {
        if (family == Family.POOR_EXTENSION) {
            return 1;
        }
        return LENGTH_MIRRORING.contains(family) && !shortLabelMarkets.contains(tld) ? MIN_SHORT_LABEL : MIN_RANDOM_LENGTH;
    }

    /**
     * Half the time an extension with few sales, half the time one with none: there are over a thousand
     * of the latter against under three hundred of the former, and drawn all alike, the former would all but vanish.
     */
    private String poorExtension(SplittableRandom random) {
        boolean neverSold = poorExtensions.isEmpty() || random.nextBoolean();
        return pick(neverSold ? neverSoldExtensions : poorExtensions, random);
    }

    private String label(Family family, DomainName template, int minLength, SplittableRandom random) {
        int length = Math.max(minLength, Math.min(template.length(), 20));
        return switch (family) {
            case RANDOM_LETTERS -> randomLetters(random, length);
            case KEYBOARD_MASH -> keyboardMash(random, length);
            case CONSONANT_CLUSTER -> consonantCluster(random, length);
            case RARE_WORDS -> join(random, rare, 2 + random.nextInt(2), "");
            case PADDED_PHRASE -> paddedPhrase(random);
            case DIGIT_MIX -> digitMix(random, Math.min(length, 12));
            case TYPO -> typo(pick(common, random), random);
            case SCRAMBLE -> scramble(pick(common, random), random);
            case POOR_EXTENSION -> random.nextBoolean() ? pick(ordinary, random) : join(random, ordinary, 2, "");
            case REPEATS -> repeats(random, length);
            case LONG_PHRASE -> join(random, random.nextBoolean() ? common : ordinary, 4 + random.nextInt(2), "");
        };
    }

    private static String randomLetters(SplittableRandom random, int length) {
        var out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append((char) ('a' + random.nextInt(26)));
        }
        return out.toString();
    }

    private static String keyboardMash(SplittableRandom random, int length) {
        int row = random.nextInt(KEYBOARD_ROWS.length);
        int column = random.nextInt(KEYBOARD_ROWS[row].length());
        var out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append(KEYBOARD_ROWS[row].charAt(column));
            // Mostly along the row, now and then a row up or down, as fingers run over keys.
            if (random.nextInt(4) == 0) {
                row = Math.max(0, Math.min(KEYBOARD_ROWS.length - 1, row + (random.nextBoolean() ? 1 : -1)));
            }
            column = Math.max(0, Math.min(KEYBOARD_ROWS[row].length() - 1, column + random.nextInt(3) - 1));
        }
        return out.toString();
    }

    private static String consonantCluster(SplittableRandom random, int length) {
        var out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            String from = random.nextInt(8) == 0 ? VOWELS : CONSONANTS;
            out.append(from.charAt(random.nextInt(from.length())));
        }
        return out.toString();
    }

    private String paddedPhrase(SplittableRandom random) {
        int parts = 3 + random.nextInt(4);
        List<String> words = new ArrayList<>();
        for (int i = 0; i < parts; i++) {
            words.add(random.nextInt(5) == 0 ? Integer.toString(random.nextInt(100)) : pick(i == parts / 2 ? ordinary : common, random));
        }
        return String.join("-", words);
    }

    private static String digitMix(SplittableRandom random, int length) {
        var out = new StringBuilder(length);
        boolean digit = random.nextBoolean();
        for (int i = 0; i < length; i++) {
            out.append(digit ? (char) ('0' + random.nextInt(10)) : (char) ('a' + random.nextInt(26)));
            if (random.nextInt(3) > 0) {
                digit = !digit;
            }
        }
        String label = out.toString();
        return label.chars().anyMatch(Character::isDigit) && label.chars().anyMatch(Character::isLetter) ? label : "";
    }

    private static String typo(String word, SplittableRandom random) {
        var out = new StringBuilder(word);
        int slips = 1 + random.nextInt(2);
        for (int s = 0; s < slips && out.length() > 2; s++) {
            int at = random.nextInt(out.length() - 1);
            switch (random.nextInt(4)) {
                case 0 -> {
                    char c = out.charAt(at);
                    out.setCharAt(at, out.charAt(at + 1));
                    out.setCharAt(at + 1, c);
                }
                case 1 -> out.deleteCharAt(at);
                case 2 -> out.insert(at, out.charAt(at));
                default -> out.setCharAt(at, (char) ('a' + random.nextInt(26)));
            }
        }
        String label = out.toString();
        return label.equals(word) ? "" : label;
    }

    private static String scramble(String word, SplittableRandom random) {
        char[] letters = word.toCharArray();
        for (int i = letters.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            char t = letters[i];
            letters[i] = letters[j];
            letters[j] = t;
        }
        String label = new String(letters);
        return label.equals(word) ? "" : label;
    }

    private static String repeats(SplittableRandom random, int length) {
        String unit = randomLetters(random, 1 + random.nextInt(3));
        var out = new StringBuilder(length);
        while (out.length() < length) {
            out.append(unit);
        }
        return out.substring(0, Math.max(unit.length() * 2, Math.min(out.length(), length)));
    }

    private static String join(SplittableRandom random, List<String> words, int count, String separator) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            parts.add(pick(words, random));
        }
        return String.join(separator, parts);
    }

    private static <T> T pick(List<T> list, SplittableRandom random) {
        return list.get(random.nextInt(list.size()));
    }
}
