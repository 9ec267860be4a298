package domainintel.access;

/**
 * Attribute names on an account's item (the accounts table), where the access feature keeps what
 * the request path needs in one write: which keys are live, and the counts. Per day
 * ({@link QuotaDay}): {@code q#<date>} is the account's count (the quota), {@code u#<key>#<date>}
 * each key's share of it; {@code l#<key>} is when a key was last used. A key is named by the first
 * 16 hex digits of its hash (unique enough within one account, and short: the item is written on
 * every request).
 */
final class AccountItem {
    /** Days of counts kept for the usage history; older ones are removed as requests come. */
    static final int DAYS_KEPT = 30;

    private AccountItem() {
    }

    static String active(String keyHash) {
        return "k#" + keyHash;
    }

    static String revoked(String keyHash) {
        return "r#" + keyHash;
    }

    static String keyDay(String keyHash, QuotaDay day) {
        return "u#" + shortHash(keyHash) + "#" + day.date();
    }

    static String lastUsed(String keyHash) {
        return "l#" + shortHash(keyHash);
    }

    private static String shortHash(String keyHash) {
        return keyHash.substring(0, 16);
    }
}
