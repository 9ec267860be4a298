package domainintel.accounts;

import domainintel.access.ApiKeySecrets;
import jakarta.inject.Singleton;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * Guessing passwords is made slow: after {@link #MAX_FAILURES} failed sign-ins in a row for one
 * email, or from one address, every sign-in for it (even with the right password) is refused until
 * {@link #LOCKOUT} after the last failure. The counters are items in the accounts table, so every
 * process and Lambda instance sees the same ones; they expire through the table's TTL.
 */
@Singleton
public class SignInThrottle {
    public static final int MAX_FAILURES = 10;
    public static final Duration LOCKOUT = Duration.ofMinutes(15);

    private final DynamoDbClient dynamoDb;
    private final String table;

    public SignInThrottle(DynamoDbClient dynamoDb, AccountsTable table) {
        this.dynamoDb = dynamoDb;
        this.table = table.name();
    }

    /** Until when sign-ins for this email or from this address are refused; empty when they are not. */
    public Optional<Instant> blockedUntil(String email, String address, Instant now) {
        Optional<Instant> byEmail = blockedUntil(emailKey(email), now);
        Optional<Instant> byAddress = blockedUntil(addressKey(address), now);
        if (byEmail.isPresent() && byAddress.isPresent()) {
            return Optional.of(byEmail.get().isAfter(byAddress.get()) ? byEmail.get() : byAddress.get());
        }
        return byEmail.isPresent() ? byEmail : byAddress;
    }

    public void recordFailure(String email, String address, Instant now) {
        recordFailure(emailKey(email), now);
        recordFailure(addressKey(address), now);
    }

    /** A right password clears the email's count (not the address's: one account does not vouch for others). */
    public void recordSuccess(String email) {
        dynamoDb.deleteItem(b -> b.tableName(table).key(Map.of(AccountsTable.PK, AttributeValue.fromS(emailKey(email)))));
    }

    private Optional<Instant> blockedUntil(String key, Instant now) {
        var item = dynamoDb.getItem(b -> b.tableName(table).consistentRead(true)
                .key(Map.of(AccountsTable.PK, AttributeValue.fromS(key)))).item();
        if (item == null || !item.containsKey("failures")) {
            return Optional.empty();
        }
        Instant until = Instant.ofEpochSecond(Long.parseLong(item.get("lastFailureAt").n())).plus(LOCKOUT);
        boolean blocked = Long.parseLong(item.get("failures").n()) >= MAX_FAILURES && until.isAfter(now);
        return blocked ? Optional.of(until) : Optional.empty();
    }

    /** Counts on from a recent failure; starts again at one after a quiet {@link #LOCKOUT}. */
    private void recordFailure(String key, Instant now) {
        Map<String, AttributeValue> values = Map.of(
                ":one", n(1), ":now", n(now.getEpochSecond()),
                ":expires", n(now.plus(LOCKOUT).plus(LOCKOUT).getEpochSecond()),
                ":recent", n(now.minus(LOCKOUT).getEpochSecond()));
        try {
            dynamoDb.updateItem(b -> b.tableName(table).key(Map.of(AccountsTable.PK, AttributeValue.fromS(key)))
                    .updateExpression("ADD failures :one SET lastFailureAt = :now, expiresAt = :expires")
                    .conditionExpression("lastFailureAt > :recent")
                    .expressionAttributeValues(values));
        } catch (ConditionalCheckFailedException absentOrStale) {
            dynamoDb.putItem(b -> b.tableName(table).item(Map.of(
                    AccountsTable.PK, AttributeValue.fromS(key), "failures", n(1),
                    "lastFailureAt", values.get(":now"), "expiresAt", values.get(":expires"))));
        }
    }

    private static String emailKey(String email) {
        // Hashed: the counters should not make a list of every address anyone tried.
        return "signin#email#" + ApiKeySecrets.sha256Hex(email);
    }

    private static String addressKey(String address) {
        return "signin#address#" + address;
    }

    private static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }
}
