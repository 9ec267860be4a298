package domainintel.names;

import java.text.Normalizer;
import java.util.Arrays;
import java.util.Locale;

/**
 * A name typed in Unicode as its registry knows it: IDNA2008, as UTS #46 processes it (non-transitional),
 * which is what registries and browsers do. {@link java.net.IDN} implements IDNA2003 instead, which
 * maps {@code faß.de} to {@code fass.de} (another name), knows no character newer than Unicode 3.2
 * (every emoji {@code .ws} name refused) and refuses an Arabic or Hebrew label ending in a digit
 * ({@code مصر1.com}), all of which IDNA2008 keeps. The mapping here is UTS #46's in its effect on
 * real names (NFKC, lower case, default-ignorable characters dropped); the test holds it to ICU's
 * implementation over words of many languages and scripts.
 */
final class Idna {
    private static final int MAX_LABEL = 63;
    private static final int ZWNJ = 0x200C;
    private static final int ZWJ = 0x200D;

    private Idna() {
    }

    /** The ASCII form of {@code name} (in any case), with {@code xn--} labels; a reason if there is none. */
    static String toAscii(String name) {
        String[] labels = name.replace('\u3002', '.').replace('\uff0e', '.').replace('\uff61', '.').split("\\.", -1);
        int[][] mapped = Arrays.stream(labels).map(Idna::map).toArray(int[][]::new);
        boolean bidiName = Arrays.stream(mapped).anyMatch(Idna::hasRightToLeft);
        var ascii = new StringBuilder();
        for (int[] label : mapped) {
            if (!ascii.isEmpty()) {
                ascii.append('.');
            }
            if (Arrays.stream(label).anyMatch(c -> c == '.')) {
                // ⒈ is "1." to NFKC: a character may not make a label into two (UTS #46 refuses it under STD3 rules).
                throw new IllegalArgumentException("a character in it stands for a dot");
            }
            if (Arrays.stream(label).allMatch(c -> c < 0x80)) {
                ascii.append(new String(label, 0, label.length));
                if (bidiName && label.length > 0) {
                    checkBidi(label);
                }
                continue;
            }
            if (label.length > MAX_LABEL) {
                throw new IllegalArgumentException("a label is longer than " + MAX_LABEL + " characters");
            }
            checkLetters(label);
            if (bidiName) {
                checkBidi(label);
            }
            ascii.append("xn--").append(Punycode.encode(label));
        }
        return ascii.toString();
    }

    /** UTS #46 mapping: compatibility forms folded (NFKC: ｆｕｌｌ, Ⅻ), lower case, invisible marks dropped. */
    private static int[] map(String label) {
        if (label.chars().allMatch(c -> c < 0x80)) {
            return label.toLowerCase(Locale.ROOT).codePoints().toArray();
        }
        var lower = new StringBuilder();
        // Letter by letter: the whole label's toLowerCase would spell a final Σ as ς, UTS #46 always as σ.
        // Still String's, not Character's: İ is i and a combining dot to both UTS #46 and String.
        Normalizer.normalize(label, Normalizer.Form.NFKC).codePoints().filter(c -> !ignored(c))
                .forEach(c -> lower.append(Character.toString(c).toLowerCase(Locale.ROOT)));
        return Normalizer.normalize(lower, Normalizer.Form.NFKC).codePoints().toArray();
    }

    /** The characters UTS #46 removes: soft hyphen, variation selectors (❤️ is ❤), zero-width space, byte-order mark... */
    private static boolean ignored(int c) {
        return c == 0x00AD || c == 0x034F || (c >= 0x180B && c <= 0x180D) || c == 0x180F || c == 0x200B
                || c == 0x2060 || c == 0x2064 || (c >= 0xFE00 && c <= 0xFE0F) || c == 0xFEFF
                || (c >= 0x1BCA0 && c <= 0x1BCA3) || (c >= 0xE0100 && c <= 0xE01EF);
    }

    private static void checkLetters(int[] label) {
        // As for an ASCII label (DomainNames), but on the Unicode: its A-label starts with xn-- whatever it holds.
        if (label[0] == '-' || label[label.length - 1] == '-') {
            throw new IllegalArgumentException("a label starts or ends with a hyphen");
        }
        if (label.length >= 4 && label[2] == '-' && label[3] == '-') {
            throw new IllegalArgumentException("a label has hyphens in the third and fourth places");
        }
        if (!joinersInPlace(label)) {
            throw new IllegalArgumentException("a label holds an invisible joiner where its script needs none");
        }
        if (!punctuationInPlace(label)) {
            throw new IllegalArgumentException("a label holds punctuation or digits out of the context its script allows");
        }
        if (isMark(label[0])) {
            throw new IllegalArgumentException("a label starts with a combining mark");
        }
        for (int c : label) {
            if (!DomainNames.printableInLabel(c)) {
                throw new IllegalArgumentException(c < 0x80
                        ? "a label mixes non-ASCII characters with ASCII ones other than letters, digits and hyphens"
                        : "a label holds a character that no name may hold (U+" + Integer.toHexString(c).toUpperCase(Locale.ROOT) + ")");
            }
        }
    }

    /**
     * Whether every zero-width joiner and non-joiner stands where a script needs one: after a mark (the virama
     * that IDNA2008's CONTEXTJ rule names is one), between two Arabic-script letters (Persian's non-joiner), or,
     * for the joiner, between two symbols (the emoji sequences registries of emoji names take). Anywhere else it
     * is an invisible look-alike: ho&zwj;tels.com is not hotels.com, and should not pass for a name of its own.
     */
    static boolean joinersInPlace(int[] label) {
        for (int i = 0; i < label.length; i++) {
            if (label[i] != ZWNJ && label[i] != ZWJ) {
                continue;
            }
            if (i == 0 || i == label.length - 1) {
                return false;
            }
            int before = label[i - 1];
            int after = label[i + 1];
            boolean inPlace = isMark(before)
                    || (label[i] == ZWNJ && isArabic(before) && isArabic(after))
                    || (label[i] == ZWJ && Character.getType(before) == Character.OTHER_SYMBOL && Character.getType(after) == Character.OTHER_SYMBOL);
            if (!inPlace) {
                return false;
            }
        }
        return true;
    }

    /**
     * IDNA2008's CONTEXTO rules (RFC 5892, appendix A): the few punctuation marks a label may hold only where
     * their script puts them (the middle dot between two l's, Catalan's col·legi; the Greek keraia before a Greek
     * letter; the Hebrew geresh after a Hebrew letter; the katakana middle dot among Japanese characters), and
     * Arabic-Indic digits of one kind only. Elsewhere they make look-alikes: a·b.com, ・a.com.
     */
    private static boolean punctuationInPlace(int[] label) {
        boolean arabicIndic = false;
        boolean extendedArabicIndic = false;
        for (int i = 0; i < label.length; i++) {
            int c = label[i];
            int before = i > 0 ? label[i - 1] : -1;
            int after = i + 1 < label.length ? label[i + 1] : -1;
            boolean inPlace = switch (c) {
                case 0x00B7 -> before == 'l' && after == 'l';
                case 0x0375 -> after >= 0 && Character.UnicodeScript.of(after) == Character.UnicodeScript.GREEK;
                case 0x05F3, 0x05F4 -> before >= 0 && Character.UnicodeScript.of(before) == Character.UnicodeScript.HEBREW;
                case 0x30FB -> Arrays.stream(label).filter(d -> d != 0x30FB).mapToObj(Character.UnicodeScript::of)
                        .anyMatch(script -> script == Character.UnicodeScript.HIRAGANA || script == Character.UnicodeScript.KATAKANA
                                || script == Character.UnicodeScript.HAN);
                default -> true;
            };
            arabicIndic |= c >= 0x0660 && c <= 0x0669;
            extendedArabicIndic |= c >= 0x06F0 && c <= 0x06F9;
            if (!inPlace) {
                return false;
            }
        }
        return !(arabicIndic && extendedArabicIndic);
    }

    private static boolean isArabic(int c) {
        return Character.UnicodeScript.of(c) == Character.UnicodeScript.ARABIC && Character.isLetter(c);
    }

    private static boolean isMark(int c) {
        int type = Character.getType(c);
        return type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK || type == Character.ENCLOSING_MARK;
    }

    private static boolean hasRightToLeft(int[] label) {
        return Arrays.stream(label).map(Character::getDirectionality).anyMatch(d -> d == Character.DIRECTIONALITY_RIGHT_TO_LEFT
                || d == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC || d == Character.DIRECTIONALITY_ARABIC_NUMBER);
    }

    /**
     * The Bidi Rule (RFC 5893), for every label of a name with a right-to-left one: a label reads one way,
     * starting with a letter of that direction, and ends on a letter or (IDNA2003 refused this) a digit.
     */
    private static void checkBidi(int[] label) {
        byte first = Character.getDirectionality(label[0]);
        boolean rightToLeft = first == Character.DIRECTIONALITY_RIGHT_TO_LEFT || first == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC;
        if (!rightToLeft && first != Character.DIRECTIONALITY_LEFT_TO_RIGHT) {
            throw bidi();
        }
        int end = label.length - 1;
        while (end > 0 && Character.getDirectionality(label[end]) == Character.DIRECTIONALITY_NONSPACING_MARK) {
            end--;
        }
        byte last = Character.getDirectionality(label[end]);
        boolean europeanDigits = false;
        boolean arabicDigits = false;
        for (int c : label) {
            byte d = Character.getDirectionality(c);
            europeanDigits |= d == Character.DIRECTIONALITY_EUROPEAN_NUMBER;
            arabicDigits |= d == Character.DIRECTIONALITY_ARABIC_NUMBER;
            boolean allowed = switch (d) {
                case Character.DIRECTIONALITY_EUROPEAN_NUMBER, Character.DIRECTIONALITY_EUROPEAN_NUMBER_SEPARATOR,
                     Character.DIRECTIONALITY_COMMON_NUMBER_SEPARATOR, Character.DIRECTIONALITY_EUROPEAN_NUMBER_TERMINATOR,
                     Character.DIRECTIONALITY_OTHER_NEUTRALS, Character.DIRECTIONALITY_BOUNDARY_NEUTRAL,
                     Character.DIRECTIONALITY_NONSPACING_MARK -> true;
                case Character.DIRECTIONALITY_RIGHT_TO_LEFT, Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC,
                     Character.DIRECTIONALITY_ARABIC_NUMBER -> rightToLeft;
                case Character.DIRECTIONALITY_LEFT_TO_RIGHT -> !rightToLeft;
                default -> false;
            };
            if (!allowed) {
                throw bidi();
            }
        }
        boolean endsWell = last == Character.DIRECTIONALITY_EUROPEAN_NUMBER || (rightToLeft
                ? last == Character.DIRECTIONALITY_RIGHT_TO_LEFT || last == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC
                || last == Character.DIRECTIONALITY_ARABIC_NUMBER
                : last == Character.DIRECTIONALITY_LEFT_TO_RIGHT);
        if (!endsWell || (rightToLeft && europeanDigits && arabicDigits)) {
            throw bidi();
        }
    }

    private static IllegalArgumentException bidi() {
        return new IllegalArgumentException("a label breaks the rule for right-to-left scripts (RFC 5893): it must start with a letter"
                + " and end with a letter or digit of its direction, without mixing Arabic-Indic and European digits");
    }
}
