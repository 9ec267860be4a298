package domainintel.accounts;

import domainintel.access.ApiKeySecrets;
import domainintel.access.Tier;
import jakarta.inject.Singleton;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** Accounts and their sign-in records in DynamoDB. */
@Singleton
public class Accounts {
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]{1,64}@[^@\\s.]+(\\.[^@\\s.]+)+");
    private static final int MAX_EMAIL = 254;
    private static final String ACCOUNT_FIELDS = "pk, #owner, email, tier, createdAt, sv";

    private final DynamoDbClient dynamoDb;
    private final String table;

    public Accounts(DynamoDbClient dynamoDb, AccountsTable table) {
        this.dynamoDb = dynamoDb;
        this.table = table.name();
    }

    /** The sign-in record of an email: which account, and its password hash. */
    public record Credentials(String accountId, String passwordHash) {
    }

    /** Lower case, trimmed; null when it is not an email address. */
    public static String normalizeEmail(String email) {
        if (email == null) {
            return null;
        }
        String normal = email.strip().toLowerCase(Locale.ROOT);
        return normal.length() <= MAX_EMAIL && EMAIL.matcher(normal).matches() ? normal : null;
    }

    /**
     * A new Sovereign account with this (normalised) email, or empty when the email is taken.
     * Both items go in one transaction, so an email never points at a missing account.
     */
    public Optional<Account> create(String email, String passwordHash, Instant now) {
        String id = ApiKeySecrets.newAccountId();
        Account account = new Account(id, id, email, Tier.SOVEREIGN, now, 0);
        Map<String, AttributeValue> signIn = Map.of(
                AccountsTable.PK, s(emailKey(email)), "account", s(account.id()), "passwordHash", s(passwordHash));
        try {
            dynamoDb.transactWriteItems(b -> b.transactItems(
                    put(signIn), put(accountItem(account))));
            return Optional.of(account);
        } catch (TransactionCanceledException taken) {
            return Optional.empty();
        }
    }

    /** The account of its own that a key made through the admin API gets; {@code owner} as the operator named it. */
    public Account createForOperator(Tier tier, String owner, Instant now) {
        Account account = new Account(ApiKeySecrets.newAccountId(), owner, null, tier, now, 0);
        dynamoDb.putItem(b -> b.tableName(table).item(accountItem(account)).conditionExpression("attribute_not_exists(pk)"));
        return account;
    }

    public Optional<Credentials> credentials(String email) {
        var item = dynamoDb.getItem(b -> b.tableName(table).key(Map.of(AccountsTable.PK, s(emailKey(email))))
                .consistentRead(true)).item();
        if (item == null || item.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Credentials(item.get("account").s(), item.get("passwordHash").s()));
    }

    public Optional<Account> find(String accountId) {
        if (!ApiKeySecrets.isAccountId(accountId)) {
            return Optional.empty();
        }
        // Only these fields: the item also carries the account's keys and usage counts.
        var item = dynamoDb.getItem(b -> b.tableName(table).key(Map.of(AccountsTable.PK, s(accountId)))
                .projectionExpression(ACCOUNT_FIELDS).expressionAttributeNames(Map.of("#owner", "owner")).consistentRead(true)).item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(toAccount(item));
    }

    /** Ends every session of the account: tokens carrying an older version are refused from now on. */
    public void endSessions(String accountId) {
        dynamoDb.updateItem(b -> b.tableName(table).key(Map.of(AccountsTable.PK, s(accountId)))
                .updateExpression("ADD sv :one")
                .conditionExpression("attribute_exists(pk)")
                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))));
    }

    /** Moves the account to {@code tier}; every key of the account follows on its next request. */
    public Optional<Account> changeTier(String accountId, Tier tier) {
        if (!ApiKeySecrets.isAccountId(accountId)) {
            return Optional.empty();
        }
        try {
            var updated = dynamoDb.updateItem(b -> b.tableName(table).key(Map.of(AccountsTable.PK, s(accountId)))
                    .updateExpression("SET tier = :tier")
                    .conditionExpression("attribute_exists(pk) AND attribute_exists(tier)")
                    .expressionAttributeValues(Map.of(":tier", s(tier.wireName())))
                    .returnValues(ReturnValue.ALL_NEW));
            return Optional.of(toAccount(updated.attributes()));
        } catch (ConditionalCheckFailedException noSuchAccount) {
            return Optional.empty();
        }
    }

    private TransactWriteItem put(Map<String, AttributeValue> item) {
        return TransactWriteItem.builder().put(Put.builder().tableName(table).item(item)
                .conditionExpression("attribute_not_exists(pk)").build()).build();
    }

    private static Map<String, AttributeValue> accountItem(Account account) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(AccountsTable.PK, s(account.id()));
        item.put("owner", s(account.owner()));
        item.put("tier", s(account.tier().wireName()));
        item.put("createdAt", s(account.createdAt().toString()));
        item.put("sv", AttributeValue.fromN(Long.toString(account.sessionVersion())));
        if (account.email() != null) {
            item.put("email", s(account.email()));
        }
        return item;
    }

    private static Account toAccount(Map<String, AttributeValue> item) {
        return new Account(item.get(AccountsTable.PK).s(), item.get("owner").s(),
                item.containsKey("email") ? item.get("email").s() : null,
                Tier.fromWire(item.get("tier").s()).orElseThrow(),
                Instant.parse(item.get("createdAt").s()),
                item.containsKey("sv") ? Long.parseLong(item.get("sv").n()) : 0);
    }

    private static String emailKey(String email) {
        return "email#" + email;
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
