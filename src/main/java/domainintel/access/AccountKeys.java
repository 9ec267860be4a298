package domainintel.access;

import domainintel.accounts.Account;
import domainintel.accounts.Accounts;
import domainintel.accounts.AccountsTable;
import jakarta.inject.Singleton;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The keys of accounts: made, listed, revoked, and their usage. The account's item lists its keys
 * by hash ({@link AccountItem}: live, or revoked), which is what a request is checked against; the
 * key records (the keys table) keep each key's name and dates. An account sees only its own keys,
 * and a revocation is one transaction over the account's item and the key record.
 */
@Singleton
public class AccountKeys {
    /** Keeps the account's item (which every request with its keys writes) small. */
    public static final int MAX_ACTIVE_KEYS = 20;
    private static final String ACTIVE = AccountItem.active("");
    private static final String REVOKED = AccountItem.revoked("");

    private final ApiKeyRepository keys;
    private final Accounts accounts;
    private final DynamoDbClient dynamoDb;
    private final String accountsTable;
    private final String keysTable;
    private final Clock clock;

    public AccountKeys(ApiKeyRepository keys, Accounts accounts, DynamoDbClient dynamoDb, AccountsTable accountsTable,
                       ApiKeysTable keysTable, Clock clock) {
        this.keys = keys;
        this.accounts = accounts;
        this.dynamoDb = dynamoDb;
        this.accountsTable = accountsTable.name();
        this.keysTable = keysTable.name();
        this.clock = clock;
    }

    /** A new key: its secret, which exists only in this value, and its public record. */
    public record Created(String secret, ApiKey key) {
    }

    /** Thrown when the account already has {@link #MAX_ACTIVE_KEYS} live keys. */
    public static final class TooManyKeys extends RuntimeException {
        TooManyKeys() {
            super("An account can have at most " + MAX_ACTIVE_KEYS + " active keys; revoke one first.");
        }
    }

    public Created create(Account account, String name) {
        if (active(account.id()).size() >= MAX_ACTIVE_KEYS) {
            throw new TooManyKeys();
        }
        String secret = ApiKeySecrets.newKey(account.id());
        String hash = ApiKeySecrets.sha256Hex(secret);
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        ApiKey key = new ApiKey("key_" + ApiKeySecrets.randomBase62(20), name, account.tier(), account.owner(),
                account.id(), ApiKeySecrets.start(secret), now, null);
        keys.create(key, hash);
        dynamoDb.updateItem(b -> b.tableName(accountsTable).key(accountKey(account.id()))
                .updateExpression("SET #k = :id")
                .conditionExpression("attribute_exists(pk)")
                .expressionAttributeNames(Map.of("#k", AccountItem.active(hash)))
                .expressionAttributeValues(Map.of(":id", AttributeValue.fromS(key.id()))));
        return new Created(secret, key);
    }

    /** Today's count, each key's part of it and when each was last used, and the last 30 days. */
    public Usage usage(String accountId, Instant now) {
        Map<String, AttributeValue> item = accountItem(accountId);
        Tier tier = Tier.fromWire(item.get("tier").s()).orElseThrow();
        QuotaDay today = QuotaDay.of(now);
        List<Usage.Day> days = new ArrayList<>();
        for (int back = AccountItem.DAYS_KEPT - 1; back >= 0; back--) {
            QuotaDay day = today.earlier(back);
            days.add(new Usage.Day(day.date(), count(item, day.attribute())));
        }
        List<Usage.KeyUsage> perKey = new ArrayList<>();
        keysByHash(item).forEach((hash, key) -> {
            long last30 = 0;
            for (int back = 0; back < AccountItem.DAYS_KEPT; back++) {
                last30 += count(item, AccountItem.keyDay(hash, today.earlier(back)));
            }
            AttributeValue lastUsed = item.get(AccountItem.lastUsed(hash));
            perKey.add(new Usage.KeyUsage(key.id(), key.name(), key.start(), key.createdAt(), count(item, AccountItem.keyDay(hash, today)),
                    last30, lastUsed == null ? null : Instant.parse(lastUsed.s()), key.revokedAt()));
        });
        long used = count(item, today.attribute());
        return new Usage(accountId, tier,
                new Usage.Today(today.date(), used, tier.dailyQuota(), Math.max(0, tier.dailyQuota() - used), today.resetAt()),
                perKey, days);
    }

    /** The account's key records by hash, newest first. */
    private Map<String, ApiKey> keysByHash(Map<String, AttributeValue> item) {
        List<String> hashes = item.keySet().stream().filter(a -> a.startsWith(ACTIVE) || a.startsWith(REVOKED))
                .map(a -> a.substring(2)).toList();
        Map<String, ApiKey> byHash = new LinkedHashMap<>();
        keys.findByHashes(hashes).entrySet().stream()
                .sorted(Comparator.comparing((Map.Entry<String, ApiKey> e) -> e.getValue().createdAt()).reversed())
                .forEach(e -> byHash.put(e.getKey(), e.getValue()));
        return byHash;
    }

    /** Revokes the account's key {@code keyId}; empty when the account has no such live key. */
    public Optional<ApiKey> revoke(String accountId, String keyId) {
        Optional<String> hash = active(accountId).entrySet().stream()
                .filter(e -> e.getValue().equals(keyId)).map(Map.Entry::getKey).findFirst();
        return hash.flatMap(h -> revoke(accountId, h, keyId));
    }

    /** An operator revokes any key by id (revoking twice keeps the first time); empty when there is no such key. */
    public Optional<ApiKey> revokeByOperator(String keyId) {
        Optional<String> hash = keys.hashOf(keyId);
        Optional<ApiKey> key = hash.map(h -> keys.findByHashes(List.of(h)).get(h));
        if (key.isEmpty() || key.get().account() == null) {
            return Optional.empty();
        }
        return revoke(key.get().account(), hash.get(), keyId);
    }

    /**
     * Moves the account to {@code tier}: its item (what requests check) and, for the record, its keys'.
     * Empty when there is no such account.
     */
    public Optional<Account> changeTier(String accountId, Tier tier) {
        Optional<Account> changed = accounts.changeTier(accountId, tier);
        changed.ifPresent(account -> keysByHash(accountItem(accountId)).keySet().forEach(hash -> dynamoDb.updateItem(b -> b.tableName(keysTable)
                .key(Map.of(ApiKeysTable.KEY_HASH, AttributeValue.fromS(hash)))
                .updateExpression("SET tier = :tier")
                .expressionAttributeValues(Map.of(":tier", AttributeValue.fromS(tier.wireName()))))));
        return changed;
    }

    /** The account item stops listing the key as live and the key record gets its revocation time, together. */
    private Optional<ApiKey> revoke(String accountId, String hash, String keyId) {
        String now = clock.instant().truncatedTo(ChronoUnit.MILLIS).toString();
        dynamoDb.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().update(Update.builder().tableName(accountsTable).key(accountKey(accountId))
                        .updateExpression("REMOVE #k SET #r = :id")
                        .conditionExpression("attribute_exists(pk)")
                        .expressionAttributeNames(Map.of("#k", AccountItem.active(hash), "#r", AccountItem.revoked(hash)))
                        .expressionAttributeValues(Map.of(":id", AttributeValue.fromS(keyId))).build()).build(),
                TransactWriteItem.builder().update(Update.builder().tableName(keysTable)
                        .key(Map.of(ApiKeysTable.KEY_HASH, AttributeValue.fromS(hash)))
                        .updateExpression("SET revokedAt = if_not_exists(revokedAt, :now)")
                        .conditionExpression("attribute_exists(keyHash)")
                        .expressionAttributeValues(Map.of(":now", AttributeValue.fromS(now))).build()).build()));
        return Optional.ofNullable(keys.findByHashes(List.of(hash)).get(hash));
    }

    /** Live keys: hash to key id. */
    private Map<String, String> active(String accountId) {
        Map<String, String> active = new HashMap<>();
        accountItem(accountId).forEach((name, value) -> {
            if (name.startsWith(ACTIVE)) {
                active.put(name.substring(ACTIVE.length()), value.s());
            }
        });
        return active;
    }

    private static long count(Map<String, AttributeValue> item, String attribute) {
        AttributeValue value = item.get(attribute);
        return value == null ? 0 : Long.parseLong(value.n());
    }

    private Map<String, AttributeValue> accountItem(String accountId) {
        var item = dynamoDb.getItem(b -> b.tableName(accountsTable).key(accountKey(accountId)).consistentRead(true)).item();
        return item == null ? Map.of() : item;
    }

    private static Map<String, AttributeValue> accountKey(String accountId) {
        return Map.of(AccountsTable.PK, AttributeValue.fromS(accountId));
    }
}
