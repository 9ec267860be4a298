package domainintel.valuation.training;

import domainintel.names.DomainName;
import domainintel.names.DomainNames;
import domainintel.names.EnglishWords;
import domainintel.valuation.training.BackgroundNames.Family;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The background generator: deterministic for a seed, each family what it says, never a sold name. */
class BackgroundNamesTest {
    private static final EnglishWords ENGLISH = new EnglishWords();
    private static final List<DomainName> SOLD = List.of(DomainNames.parse("garden.com"), DomainNames.parse("lumora.io"),
            DomainNames.parse("carinsurance.com"), DomainNames.parse("shoes.net"), DomainNames.parse("bestpizza.de"));

    @Test
    void sameSeedSameNamesOtherSeedOtherNames() {
        var generator = new BackgroundNames(ENGLISH, SOLD);
        var all = EnumSet.allOf(Family.class);
        assertEquals(generator.generate(7, 50, all), generator.generate(7, 50, all));
        assertNotEquals(generator.generate(7, 50, all), generator.generate(8, 50, all));
    }

    @Test
    void everyFamilyMakesItsKindAndNoSoldName() {
        var names = new BackgroundNames(ENGLISH, SOLD).generate(42, 200, EnumSet.allOf(Family.class));
        Map<Family, List<DomainName>> byFamily = names.stream().collect(Collectors.groupingBy(BackgroundNames.Named::family,
                Collectors.mapping(BackgroundNames.Named::name, Collectors.toList())));
        assertEquals(EnumSet.allOf(Family.class), byFamily.keySet());
        Set<String> sold = SOLD.stream().map(DomainName::name).collect(Collectors.toSet());
        assertTrue(names.stream().noneMatch(n -> sold.contains(n.name().name())));
        assertTrue(byFamily.get(Family.DIGIT_MIX).stream().allMatch(DomainName::hasDigits));
        assertTrue(byFamily.get(Family.DIGIT_STRING).stream().allMatch(n -> n.label().matches("[0-9]{7,12}")));
        // an accented twin is an IDN that reads as common English words (one or two), never the words themselves
        assertTrue(byFamily.get(Family.ACCENTED).stream().allMatch(n -> n.label().startsWith("xn--") && n.reading().matches("[a-z]+")));
        assertTrue(byFamily.get(Family.ACCENTED).stream().filter(n -> ENGLISH.rank(n.reading()) > 0).count() > 40, "single words");
        assertTrue(byFamily.get(Family.PADDED_PHRASE).stream().allMatch(DomainName::hasHyphen));
        assertTrue(byFamily.get(Family.RANDOM_LETTERS).stream().allMatch(n -> n.length() >= 5 && n.label().chars().allMatch(Character::isLetter)));
        Set<String> soldTlds = SOLD.stream().map(DomainName::tld).collect(Collectors.toSet());
        assertTrue(byFamily.get(Family.RANDOM_LETTERS).stream().allMatch(n -> soldTlds.contains(n.tld())), "extensions mirror the sold names'");
        assertFalse(byFamily.get(Family.SCRAMBLE).isEmpty());
    }

    @Test
    void noShortLabelUnderAnExtensionThatSells() {
        var names = new BackgroundNames(ENGLISH, SOLD).generate(42, 300, EnumSet.allOf(Family.class));
        // an accented twin may be short: it is an IDN (öl.com), not one of the short labels that trade as a class
        var shortOnes = names.stream().filter(n -> n.family() != Family.POOR_EXTENSION && n.family() != Family.ACCENTED
                && n.name().reading().length() < 5).toList();
        assertEquals(List.of(), shortOnes, "short names trade as a class: a typo of 'the' is not a name nobody buys");
        assertTrue(names.stream().anyMatch(n -> n.family() == Family.TYPO), "typos are still made, of longer words");
    }

    @Test
    void poorExtensionDrawsExtensionsWithFewSalesAndWithNone() {
        assertTrue(DomainNames.topLevelDomains().containsAll(List.of("com", "tk", "ml", "wtf", "pizza")));
        assertTrue(DomainNames.topLevelDomains().stream().noneMatch(tld -> tld.contains(".") || tld.startsWith("xn--")));
        var names = new BackgroundNames(ENGLISH, SOLD).generate(42, 400, EnumSet.of(Family.POOR_EXTENSION));
        Set<String> soldTlds = SOLD.stream().map(DomainName::tld).collect(Collectors.toSet());
        long neverSold = names.stream().filter(n -> !soldTlds.contains(n.name().tld())).count();
        assertTrue(neverSold > 100 && names.size() - neverSold > 100, "both kinds: " + neverSold + " of " + names.size() + " never sold");
        assertTrue(names.stream().map(n -> n.name().tld()).allMatch(tld -> soldTlds.contains(tld) || DomainNames.topLevelDomains().contains(tld)));
    }
}
