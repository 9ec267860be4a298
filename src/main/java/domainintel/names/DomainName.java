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

    @Override
    public String toString() {
        return name;
    }
}
