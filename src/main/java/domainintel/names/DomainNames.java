package domainintel.names;

import com.google.common.net.InternetDomainName;
import com.google.thirdparty.publicsuffix.PublicSuffixPatterns;
import com.google.thirdparty.publicsuffix.PublicSuffixType;
import domainintel.contract.Rejection;
import domainintel.contract.ErrorCode;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The one place domain names are normalised and validated, for every feature: surrounding whitespace
 * trimmed, lowercase, trailing dot stripped, IDN to punycode (IDNA2008: {@link Idna}), DNS label and length limits, and a real registry suffix from the
 * Public Suffix List (Guava). A subdomain ({@code www.example.com}) is not a registrable name.
 */
public final class DomainNames {
    private static final int MAX_NAME = 253;
    private static final int MAX_LABEL = 63;

    private DomainNames() {
    }

    /** The normalised name, or {@code invalid_domain} with a message saying what is wrong. */
    public static DomainName parse(String input) {
        return tryParse(input).orElseThrow(() -> new Rejection(ErrorCode.INVALID_DOMAIN, problem(input)));
    }

    public static Optional<DomainName> tryParse(String input) {
        return problem(input) == null ? Optional.of(build(normalise(input))) : Optional.empty();
    }

    /**
     * The one rule for a top-level domain given on its own (a {@code tld} filter anywhere): a registry
     * suffix such as {@code com} or {@code co.uk}, a leading dot accepted, and normalised as the suffix
     * of a name is (any case, a trailing dot, Unicode as punycode: {@code рф} is {@code xn--p1ai}); one
     * that this class accepts as the suffix of a registrable name. A real suffix with no listings or
     * sales is a valid filter (an empty set); a string that is no suffix at all is a mistake.
     */
    public static Optional<String> tryParseSuffix(String value) {
        String tld = value.strip();
        String bare = tld.startsWith(".") ? tld.substring(1) : tld;
        if (bare.isEmpty()) {
            return Optional.empty();
        }
        // Only the whole of it may be the suffix: "foo.com" would make a subdomain, refused by tryParse.
        return tryParse("example." + bare).filter(name -> name.label().equals("example")).map(DomainName::tld);
    }

    /**
     * The top-level domains open to names in Latin letters: the single-label suffixes of the Public
     * Suffix List's ICANN section (the IANA root zone's TLDs, as Guava bundles it) that {@link
     * #tryParseSuffix} accepts, without internationalised ones ({@code xn--p1ai} registers Cyrillic
     * labels). Guava enumerates its list only through {@link PublicSuffixPatterns}, which is why it
     * is read here, beside the one validator that uses the same list. Sorted.
     */
    public static List<String> topLevelDomains() {
        return TopLevelDomains.ALL;
    }

    private static final class TopLevelDomains {
        static final List<String> ALL = PublicSuffixPatterns.EXACT.entrySet().stream()
                .filter(e -> e.getValue() == PublicSuffixType.REGISTRY && !e.getKey().contains(".") && !e.getKey().startsWith("xn--"))
                .map(java.util.Map.Entry::getKey)
                .filter(tld -> tryParseSuffix(tld).filter(tld::equals).isPresent())
                .sorted().toList();
    }

    /** The suffix, or {@code invalid_request} saying that {@code where} (the parameter or field) is none. */
    public static String parseSuffix(String value, String where) {
        return tryParseSuffix(value).orElseThrow(() -> Rejection.invalidRequest(
                where + " is not a known top-level domain (registry suffix), e.g. 'com' or 'co.uk'."));
    }

    /** Why {@code input} is not a valid registrable domain, or {@code null} if it is. */
    public static String problem(String input) {
        if (input == null || input.isBlank()) {
            return "Domain name is empty.";
        }
        // Surrounding whitespace is trimmed (normalise); only whitespace inside the name is a mistake.
        if (input.strip().chars().anyMatch(Character::isWhitespace)) {
            return "Domain name '" + shown(input) + "' contains whitespace.";
        }
        String ascii;
        try {
            ascii = normalise(input);
        } catch (IllegalArgumentException e) {
            return "Domain name '" + shown(input) + "' is not a valid internationalised name: " + e.getMessage() + ".";
        }
        if (ascii.length() > MAX_NAME) {
            return "Domain name is longer than " + MAX_NAME + " characters.";
        }
        for (String label : ascii.split("\\.", -1)) {
            if (label.isEmpty()) {
                return "Domain name '" + shown(input) + "' has an empty label.";
            }
            if (label.length() > MAX_LABEL) {
                return "Domain name '" + shown(input) + "' has a label longer than " + MAX_LABEL + " characters.";
            }
            if (!label.matches("[a-z0-9-]+")) {
                return "Domain name '" + shown(input) + "' may contain only letters, digits and hyphens.";
            }
            if (label.startsWith("-") || label.endsWith("-")) {
                return "Domain name '" + shown(input) + "' has a label starting or ending with a hyphen.";
            }
            if (label.length() >= 4 && label.startsWith("--", 2) && !isALabel(label)) {
                return "Domain name '" + shown(input) + "' has a label with hyphens in the third and fourth places"
                        + " that is not a valid internationalised (xn--) label.";
            }
        }
        if (!InternetDomainName.isValid(ascii)) {
            return "'" + shown(input) + "' is not a domain name.";
        }
        InternetDomainName parsed = InternetDomainName.from(ascii);
        if (!parsed.hasRegistrySuffix()) {
            return "'" + shown(input) + "' does not end in a known top-level domain.";
        }
        if (parsed.isRegistrySuffix()) {
            return "'" + shown(input) + "' is a top-level domain, not a registrable name.";
        }
        if (!parsed.isTopDomainUnderRegistrySuffix()) {
            return "'" + shown(input) + "' is a subdomain; use " + parsed.topDomainUnderRegistrySuffix() + ".";
        }
        return null;
    }

    /**
     * Whether a label with hyphens in the third and fourth places is a real IDNA A-label: {@code xn--}
     * then Punycode that decodes to text with some non-ASCII character and nothing unprintable.
     * Registries refuse any other such label (IDNA2008 reserves them): {@code xn--a} decodes to a
     * control character, {@code ab--cd} is no A-label at all.
     */
    private static boolean isALabel(String label) {
        return label.startsWith("xn--") && Punycode.decode(label.substring(4))
                .filter(text -> text.stream().anyMatch(c -> c >= 0x80) && text.stream().allMatch(DomainNames::printableInLabel)
                        && Idna.joinersInPlace(text.stream().mapToInt(Integer::intValue).toArray()))
                .isPresent();
    }

    /** The accent-free Latin letters an A-label stands for, if that is all it stands for (see {@link DomainName#reading}). */
    static Optional<String> latinReading(String aLabel) {
        return Punycode.decode(aLabel.substring(4)).map(codePoints -> {
            var unicode = new StringBuilder();
            codePoints.forEach(unicode::appendCodePoint);
            var plain = new StringBuilder();
            java.text.Normalizer.normalize(unicode, java.text.Normalizer.Form.NFD).replaceAll("\\p{M}", "")
                    .codePoints().forEach(c -> plain.append(asciiSpelling(c)));
            return plain.toString();
        }).filter(plain -> !plain.isEmpty() && plain.chars().allMatch(c -> (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'));
    }

    /** A Latin letter that is no accented a-z (NFD keeps it whole) as ASCII spells it: straße is strasse, łódź lodz. */
    private static String asciiSpelling(int c) {
        return switch (c) {
            case 'ß' -> "ss";
            case 'æ' -> "ae";
            case 'œ' -> "oe";
            case 'þ' -> "th";
            case 'ø' -> "o";
            case 'ł', 'ŀ' -> "l";
            case 'đ', 'ð' -> "d";
            case 'ı' -> "i";
            case 'ħ' -> "h";
            case 'ŧ' -> "t";
            default -> Character.toString(c);
        };
    }

    /** Whether a non-ASCII label may hold {@code c}, as typed ({@link Idna}) or decoded from an A-label. */
    static boolean printableInLabel(int c) {
        if (c < 0x80) {
            return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
        }
        return switch (Character.getType(c)) {
            case Character.CONTROL, Character.UNASSIGNED, Character.SURROGATE, Character.PRIVATE_USE,
                 Character.SPACE_SEPARATOR, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR -> false;
            // Joiners are the only invisible characters a label may hold (emoji sequences, some scripts), and only
            // where those need them (Idna.joinersInPlace).
            case Character.FORMAT -> c == 0x200C || c == 0x200D;
            default -> true;
        };
    }

    private static String normalise(String input) {
        String name = input.strip();
        if (name.endsWith(".")) {
            name = name.substring(0, name.length() - 1);
        }
        // Unicode is lower-cased as IDNA does it, letter by letter: String.toLowerCase would spell a final Σ ς.
        return name.chars().allMatch(c -> c < 128) ? name.toLowerCase(Locale.ROOT) : Idna.toAscii(name);
    }

    private static DomainName build(String ascii) {
        InternetDomainName parsed = InternetDomainName.from(ascii);
        String tld = parsed.registrySuffix().toString();
        String label = ascii.substring(0, ascii.length() - tld.length() - 1);
        return new DomainName(ascii, label, tld);
    }

    /** Echo at most a short prefix of the caller's input, so a huge or odd value cannot bloat a message. */
    private static String shown(String input) {
        String s = input.strip();
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }
}
