package domainintel.names;

import com.ibm.icu.text.IDNA;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Unicode names as registries take them (IDNA2008), held to ICU's UTS #46 implementation. */
class IdnaTest {
    private static final IDNA ICU = IDNA.getUTS46Instance(IDNA.NONTRANSITIONAL_TO_ASCII | IDNA.CHECK_BIDI | IDNA.USE_STD3_RULES
            | IDNA.CHECK_CONTEXTO);

    @ParameterizedTest
    @CsvSource({
            "faß.de,        xn--fa-hia.de",     // IDNA2003 made it fass.de, another name
            "💩.ws,         xn--ls8h.ws",       // emoji: unknown to java.net.IDN (Unicode 3.2)
            "❤️.com,        xn--qei.com",       // the variation selector is dropped: the same name as ❤.com
            "مصر1.com,      xn--1-jncl7d.com",  // a right-to-left label may end in a digit
            "עברית123.com,  xn--123-tpe4b0c2br.com",
            "MÜNCHEN.DE,    xn--mnchen-3ya.de",
            "ｆｕｌｌ.com,   full.com",           // full-width letters are the letters
            "bücher。de,    xn--bcher-kva.de",   // the ideographic full stop separates labels
            "ΟΔΟΣ.gr,       xn--pxavbq.gr",       // a final Σ is σ in a name (οδοσ), not ς as in prose
            "क्\u200dष.in,        xn--11b2ezcw70k.in", // a joiner after a virama (IDNA2008's CONTEXTJ)
            "می\u200cخواهم.ir,    xn--mgbn2ecje63gr19l.ir", // Persian's non-joiner between Arabic letters
            "❤️\u200d🔥.ws,        xn--1ug010ai253b.ws", // an emoji sequence (IDNA2008 refuses it; registries of emoji names take it)
    })
    void unicodeNamesAreSpelledAsTheirRegistryKnowsThem(String unicode, String ascii) {
        assertEquals(ascii, Idna.toAscii(unicode));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1مصر.com", "مصرa.com", "٣٣.com", "\u0301ab.com", "a\u0000é.com", "é!.com", "-é.com", "é-.com", "ab--é.com",
            "ho\u200dtels.com", "k\u200cn.com", "\u200déa.com", "⒈com"})
    void namesNoRegistryTakesAreRefused(String unicode) {
        assertThrows(IllegalArgumentException.class, () -> Idna.toAscii(unicode));
    }

    /** Punctuation and digits a label may hold only in their script's context (IDNA2008's CONTEXTO), as ICU judges them. */
    @ParameterizedTest
    @ValueSource(strings = {"a\u00b7b.com", "l\u00b7l.com", "col\u00b7legi.cat", "\u0375α.gr", "a\u0375.gr", "א\u05f3ב.co.il",
            "a\u05f3.com", "\u30fba.com", "カ\u30fbカ.jp", "日\u30fb本.jp", "۳۳.com", "٣۳.com"})
    void contextualCharactersAreJudgedAsIcuJudgesThem(String unicode) {
        assertEquals(icu(unicode), ours(unicode), unicode);
    }

    @Test
    void punycodeEncodesWhatItDecodes() {
        // RFC 3492, 7.1 (A), Arabic (Egyptian)
        int[] arabic = "ليهمابتكلموشعربي؟".codePoints().toArray();
        assertEquals("egbpdaj6bu4bxfgehfvwxn", Punycode.encode(arabic));
        Random random = new Random(1);
        for (int i = 0; i < 2_000; i++) {
            int[] label = random.ints(1 + random.nextInt(20), 0x21, 0x3000).filter(Character::isDefined).toArray();
            if (label.length > 0) {
                assertEquals(List.of(java.util.Arrays.stream(label).boxed().toArray()),
                        List.of(Punycode.decode(Punycode.encode(label)).orElseThrow().toArray()));
            }
        }
    }

    /**
     * Both implementations judge the same names alike: the words of nine languages (those with accents) in lower and upper
     * case, and random labels of the letters (and marks) of twelve scripts and of emoji and other symbols, some with digits or a hyphen.
     */
    @Test
    void agreesWithIcuOnWordsOfManyLanguagesAndScripts() throws Exception {
        List<String> labels = new ArrayList<>();
        for (String language : List.of("french", "german", "polish", "turkish", "swedish", "spanish", "portuguese", "italian", "dutch")) {
            try (var in = new BufferedReader(new InputStreamReader(
                    getClass().getResourceAsStream("/data/lexicon/top-words-by-language/" + language + ".txt"), StandardCharsets.UTF_8))) {
                in.lines().filter(w -> w.chars().anyMatch(c -> c >= 0x80)).forEach(w -> {
                    labels.add(w);
                    labels.add(w.toUpperCase(Locale.ROOT));
                });
            }
        }
        int[][] scripts = {{0x0391, 0x03C9}, {0x0410, 0x044F}, {0x05D0, 0x05EA}, {0x0620, 0x064A}, {0x0900, 0x097F},
                {0x0E01, 0x0E3A}, {0x3041, 0x3096}, {0x30A1, 0x30FA}, {0x4E00, 0x9FFF}, {0xAC00, 0xD7A3}, {0x10A0, 0x10FA}, {0x0530, 0x058F},
                {0x1F300, 0x1F64F}, {0x2600, 0x27BF}};
        Random random = new Random(7);
        for (int[] script : scripts) {
            for (int i = 0; i < 400; i++) {
                var label = new StringBuilder();
                int length = 1 + random.nextInt(8);
                while (label.codePointCount(0, label.length()) < length) {
                    int c = script[0] + random.nextInt(script[1] - script[0] + 1);
                    int type = Character.getType(c);
                    if (Character.isLetterOrDigit(c) || type == Character.NON_SPACING_MARK || type == Character.OTHER_SYMBOL) {
                        label.appendCodePoint(c);
                    }
                }
                switch (i % 4) {
                    case 1 -> label.append(random.nextInt(100));
                    case 2 -> label.insert(0, random.nextInt(10));
                    case 3 -> label.insert(label.length() / 2, '-');
                    default -> { }
                }
                labels.add(label.toString());
            }
        }
        int agreed = 0;
        int bothRefused = 0;
        List<String> disagreements = new ArrayList<>();
        for (String label : labels) {
            String ours = ours(label + ".com");
            String theirs = icu(label + ".com");
            if (java.util.Objects.equals(ours, theirs)) {
                agreed++;
                bothRefused += ours == null ? 1 : 0;
            } else {
                disagreements.add(label + ": " + ours + " / " + theirs);
            }
        }
        assertTrue(disagreements.isEmpty(), disagreements.size() + " of " + labels.size() + " differ from ICU, e.g. "
                + disagreements.subList(0, Math.min(20, disagreements.size())));
        assertTrue(agreed > 40_000 && bothRefused > 500, "agreed on " + agreed + ", refused " + bothRefused);
    }

    /** ICU's ASCII form of {@code name}, or null if it reports any error. */
    private static String icu(String name) {
        var out = new StringBuilder();
        var info = new IDNA.Info();
        ICU.nameToASCII(name, out, info);
        return info.hasErrors() ? null : out.toString();
    }

    private static String ours(String name) {
        try {
            return Idna.toAscii(name);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
