package domainintel.names;

/**
 * A validated, normalised registrable domain name: lowercase ASCII (IDNs in punycode), no trailing
 * dot, exactly one label under a real registry suffix. {@code label} is that label, {@code tld} the
 * suffix (which may have several labels, e.g. {@code co.uk}).
 */
public record DomainName(String name, String label, String tld) {
    public boolean hasDigits() {
        return label.chars().anyMatch(Character::isDigit);
    }

    public boolean hasHyphen() {
        return label.indexOf('-') >= 0;
    }

    public int length() {
        return label.length();
    }

    /**
     * The label as people read it: for an IDN label in the Latin script, its Unicode with the accents
     * taken off ({@code xn--mnchen-3ya} reads {@code munchen}, {@code xn--caf-dma} {@code cafe}) and
     * letters such as ß and ł spelled as in ASCII (strasse, lodz), else
     * the label itself. Read in its A-label, münchen was three hyphens, the fragments xn + mnchen + 3 + ya
     * and 14 characters; other scripts stay in their A-label, since the word lists and the letter model
     * know only a to z.
     */
    public String reading() {
        return label.startsWith("xn--") ? DomainNames.latinReading(label).orElse(label) : label;
    }

    @Override
    public String toString() {
        return name;
    }
}
