package domainintel.alerts.store;

import domainintel.alerts.DeliveryMessage;
import domainintel.alerts.DeliveryStatus;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The delivery log in DynamoDB, and the guard that makes delivery exactly-once to a healthy
 * receiver: an attempt starts only after a conditional write ({@link #claim}) finds the delivery
 * still pending, due, and not leased by another worker. A duplicate relay or an SQS redelivery of
 * a delivered message therefore finds it {@code delivered} and sends nothing.
 */
@Singleton
public class DeliveryLog {
    static final Duration RETENTION = Duration.ofDays(30);

    private final DynamoDbClient dynamoDb;
    private final String table;
    private final JsonMapper json;

    public DeliveryLog(DynamoDbClient dynamoDb, DeliveriesTable table, JsonMapper json) {
        this.dynamoDb = dynamoDb;
        this.table = table.name();
        this.json = json;
    }

    /** The outcome of trying to start an attempt. */
    public sealed interface Claim permits Claimed, Finished, NotDue {
    }

    /** This worker may attempt now; {@code attemptsSoFar} attempts were made before. */
    public record Claimed(int attemptsSoFar) implements Claim {
    }

    /** Already delivered or failed: nothing to do. */
    public record Finished(DeliveryStatus status) implements Claim {
    }

    /** Not yet: a retry is scheduled for later, or another worker holds the attempt; look again at {@code at}. */
    public record NotDue(Instant at) implements Claim {
    }

    /** Records a delivery as pending unless it is already known (relaying twice changes nothing). */
    public void ensurePending(DeliveryMessage message, Instant now) {
        Map<String, AttributeValue> values = new HashMap<>(initialValues(message, now));
        dynamoDb.updateItem(b -> b.tableName(table).key(key(message))
                .updateExpression(INITIAL)
                .expressionAttributeNames(Map.of("#status", "status", "#type", "type"))
                .expressionAttributeValues(values));
    }

    private static final String INITIAL = "SET #status = if_not_exists(#status, :pending), #type = if_not_exists(#type, :type), "
            + "messageId = if_not_exists(messageId, :messageId), createdAt = if_not_exists(createdAt, :now), "
            + "attempts = if_not_exists(attempts, :zero), expiresAt = if_not_exists(expiresAt, :expiresAt), "
            + "queuedMessage = if_not_exists(queuedMessage, :queuedMessage)";

    /**
     * Starts an attempt if the delivery is pending, due, and not leased: sets a lease until
     * {@code now + lease}, after which a crashed worker's attempt may be taken over.
     */
    public Claim claim(DeliveryMessage message, Instant now, Duration lease) {
        Map<String, AttributeValue> values = new HashMap<>(initialValues(message, now));
        values.put(":nowMs", n(now.toEpochMilli()));
        values.put(":lease", n(now.plus(lease).toEpochMilli()));
        try {
            var updated = dynamoDb.updateItem(b -> b.tableName(table).key(key(message))
                    .updateExpression(INITIAL + ", leaseUntil = :lease")
                    .conditionExpression("attribute_not_exists(#status) OR (#status = :pending"
                            + " AND (attribute_not_exists(leaseUntil) OR leaseUntil < :nowMs)"
                            + " AND (attribute_not_exists(nextAttemptAt) OR nextAttemptAt <= :nowMs))")
                    .expressionAttributeNames(Map.of("#status", "status", "#type", "type"))
                    .expressionAttributeValues(values)
                    .returnValues(ReturnValue.ALL_NEW)
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD));
            return new Claimed(Integer.parseInt(updated.attributes().get("attempts").n()));
        } catch (ConditionalCheckFailedException refused) {
            Map<String, AttributeValue> item = refused.item();
            DeliveryStatus status = DeliveryStatus.fromStored(item.get("status").s());
            if (status != DeliveryStatus.PENDING) {
                return new Finished(status);
            }
            long due = Math.max(millis(item, "nextAttemptAt"), millis(item, "leaseUntil"));
            return new NotDue(Instant.ofEpochMilli(due));
        }
    }

    /**
     * Records an attempt's outcome and releases the lease: {@code status} is the delivery's new
     * status, {@code nextAttemptAt} the scheduled retry when it stays pending.
     */
    public void recordAttempt(DeliveryMessage message, DeliveryView.Attempt attempt, DeliveryStatus status, Instant nextAttemptAt) {
        Map<String, AttributeValue> entry = new HashMap<>();
        entry.put("attempt", n(attempt.attempt()));
        entry.put("at", s(attempt.at()));
        entry.put("durationMs", n(attempt.durationMs()));
        if (attempt.statusCode() != null) {
            entry.put("statusCode", n(attempt.statusCode()));
        }
        if (attempt.error() != null) {
            entry.put("error", s(attempt.error()));
        }
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":status", s(status.wireName()));
        values.put(":attempts", n(attempt.attempt()));
        values.put(":at", s(attempt.at()));
        values.put(":entry", AttributeValue.fromL(List.of(AttributeValue.fromM(entry))));
        values.put(":empty", AttributeValue.fromL(List.of()));
        StringBuilder set = new StringBuilder("SET #status = :status, attempts = :attempts, lastAttemptAt = :at, "
                + "history = list_append(if_not_exists(history, :empty), :entry)");
        StringBuilder remove = new StringBuilder(" REMOVE leaseUntil");
        optional(set, remove, values, "lastStatusCode", attempt.statusCode() == null ? null : n(attempt.statusCode()));
        optional(set, remove, values, "lastError", attempt.error() == null ? null : s(attempt.error()));
        optional(set, remove, values, "nextAttemptAt", nextAttemptAt == null ? null : n(nextAttemptAt.toEpochMilli()));
        dynamoDb.updateItem(b -> b.tableName(table).key(key(message))
                .updateExpression(set.toString() + remove)
                .expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(values));
    }

    /** Ends a delivery without an attempt (its webhook was deleted or disabled). */
    public void finishUnattempted(DeliveryMessage message, String reason) {
        dynamoDb.updateItem(b -> b.tableName(table).key(key(message))
                .updateExpression("SET #status = :failed, lastError = :reason REMOVE leaseUntil, nextAttemptAt")
                .expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(Map.of(":failed", s(DeliveryStatus.FAILED.wireName()), ":reason", s(reason))));
    }

    /**
     * Notes that the delivery went to the dead-letter queue and why: the local queue is in memory, and
     * this is what lets a restart put the dead letters back ({@link #deadLettered}).
     */
    public void markDeadLettered(DeliveryMessage message, String reason) {
        dynamoDb.updateItem(b -> b.tableName(table).key(key(message))
                .updateExpression("SET deadLetterReason = :reason")
                .expressionAttributeValues(Map.of(":reason", s(reason))));
    }

    /** A dead-lettered delivery: the message as it was queued, and the reason. */
    public record DeadLetter(DeliveryMessage message, String reason) {
    }

    /** Every delivery that went to the dead-letter queue. A scan: run once at a local start. */
    public List<DeadLetter> deadLettered() {
        return dynamoDb.scanPaginator(b -> b.tableName(table).consistentRead(true)
                        .filterExpression("attribute_exists(deadLetterReason) AND attribute_exists(queuedMessage)"))
                .items().stream()
                .map(item -> new DeadLetter(fromJson(item.get("queuedMessage").s()), item.get("deadLetterReason").s()))
                .toList();
    }

    /** A webhook's most recent deliveries, newest first. */
    public List<DeliveryView> recent(String webhookId, int limit) {
        return recentItems(webhookId, limit).stream().map(DeliveryLog::toView).toList();
    }

    /**
     * A webhook's most recent deliveries, newest first, if {@code owner} owns them. Read from the log
     * alone, so a deleted webhook's deliveries (their outcome included) stay readable to its owner.
     */
    public List<DeliveryView> recentOf(String owner, String webhookId, int limit) {
        return recentItems(webhookId, limit).stream()
                .filter(item -> item.containsKey("queuedMessage") && owner.equals(fromJson(item.get("queuedMessage").s()).owner()))
                .map(DeliveryLog::toView).toList();
    }

    private List<Map<String, AttributeValue>> recentItems(String webhookId, int limit) {
        return dynamoDb.query(b -> b.tableName(table).consistentRead(true).scanIndexForward(false).limit(limit)
                        .keyConditionExpression("webhookId = :id")
                        .expressionAttributeValues(Map.of(":id", s(webhookId)))).items();
    }

    private static DeliveryView toView(Map<String, AttributeValue> item) {
        List<DeliveryView.Attempt> history = item.containsKey("history")
                ? item.get("history").l().stream().map(a -> a.m()).map(m -> new DeliveryView.Attempt(
                        Integer.parseInt(m.get("attempt").n()), m.get("at").s(),
                        m.containsKey("statusCode") ? Integer.valueOf(m.get("statusCode").n()) : null,
                        m.containsKey("error") ? m.get("error").s() : null,
                        Long.parseLong(m.get("durationMs").n()))).toList()
                : List.of();
        return new DeliveryView(item.get(DeliveriesTable.EVENT_ID).s(), item.get("messageId").s(), item.get("type").s(),
                DeliveryStatus.fromStored(item.get("status").s()), Integer.parseInt(item.get("attempts").n()),
                item.containsKey("lastStatusCode") ? Integer.valueOf(item.get("lastStatusCode").n()) : null,
                item.containsKey("lastAttemptAt") ? item.get("lastAttemptAt").s() : null,
                item.containsKey("lastError") ? item.get("lastError").s() : null,
                item.containsKey("nextAttemptAt") && item.get("status").s().equals(DeliveryStatus.PENDING.wireName())
                        ? Instant.ofEpochMilli(Long.parseLong(item.get("nextAttemptAt").n())).toString() : null,
                item.get("createdAt").s(), history);
    }

    private static void optional(StringBuilder set, StringBuilder remove, Map<String, AttributeValue> values,
                                 String name, AttributeValue value) {
        if (value == null) {
            remove.append(", ").append(name);
        } else {
            set.append(", ").append(name).append(" = :").append(name);
            values.put(":" + name, value);
        }
    }

    private Map<String, AttributeValue> initialValues(DeliveryMessage message, Instant now) {
        return Map.of(":pending", s(DeliveryStatus.PENDING.wireName()), ":type", s(message.type()), ":messageId", s(message.messageId()),
                ":now", s(now.toString()), ":zero", n(0),
                ":expiresAt", n(now.plus(RETENTION).getEpochSecond()),
                ":queuedMessage", s(toJson(message)));
    }

    /**
     * Every delivery still pending, as the message that carries it: what a queue that lost its
     * messages (the local in-memory ElasticMQ after a restart) needs to be given again. A scan:
     * run once at a local start, never on a request path.
     */
    public List<DeliveryMessage> pending() {
        return dynamoDb.scanPaginator(b -> b.tableName(table).consistentRead(true)
                        .filterExpression("#status = :pending")
                        .expressionAttributeNames(Map.of("#status", "status"))
                        .expressionAttributeValues(Map.of(":pending", s(DeliveryStatus.PENDING.wireName()))))
                .items().stream()
                .filter(item -> item.containsKey("queuedMessage"))
                .map(item -> fromJson(item.get("queuedMessage").s()))
                .toList();
    }

    /**
     * Ends the lease of every pending delivery that has one, and returns how many it freed. Only for a
     * store no live process shares: a lease found there at start was taken by a process that died
     * mid-attempt, and would otherwise hold its delivery back for up to {@code LEASE}. The attempt
     * it guarded may have reached the receiver, so the next one can repeat it (at-least-once, as
     * after any crash). Conditional on the lease seen, so a lease taken since is left alone.
     */
    public int releaseLeftoverLeases() {
        var leased = dynamoDb.scanPaginator(b -> b.tableName(table).consistentRead(true)
                        .filterExpression("#status = :pending AND attribute_exists(leaseUntil)")
                        .expressionAttributeNames(Map.of("#status", "status"))
                        .expressionAttributeValues(Map.of(":pending", s(DeliveryStatus.PENDING.wireName()))))
                .items().stream().toList();
        int released = 0;
        for (Map<String, AttributeValue> item : leased) {
            try {
                dynamoDb.updateItem(b -> b.tableName(table)
                        .key(Map.of(DeliveriesTable.WEBHOOK_ID, item.get(DeliveriesTable.WEBHOOK_ID),
                                DeliveriesTable.EVENT_ID, item.get(DeliveriesTable.EVENT_ID)))
                        .updateExpression("REMOVE leaseUntil")
                        .conditionExpression("leaseUntil = :seen")
                        .expressionAttributeValues(Map.of(":seen", item.get("leaseUntil"))));
                released++;
            } catch (ConditionalCheckFailedException takenSince) {
                // Another attempt started after the scan: its lease is live.
            }
        }
        return released;
    }

    private String toJson(DeliveryMessage message) {
        try {
            return json.writeValueAsString(message);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private DeliveryMessage fromJson(String value) {
        try {
            return json.readValue(value, DeliveryMessage.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, AttributeValue> key(DeliveryMessage message) {
        return Map.of(DeliveriesTable.WEBHOOK_ID, s(message.webhookId()), DeliveriesTable.EVENT_ID, s(message.eventId()));
    }

    private static long millis(Map<String, AttributeValue> item, String name) {
        return item.containsKey(name) ? Long.parseLong(item.get(name).n()) : 0;
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }
}
