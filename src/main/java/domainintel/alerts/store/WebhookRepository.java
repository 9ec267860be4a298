package domainintel.alerts.store;

import domainintel.alerts.Webhook;
import domainintel.alerts.WebhookFilters;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Webhooks in DynamoDB, with their signing secret sealed by {@link SecretBox}. Each owner's partition
 * also holds one counter item ({@link #COUNTER_ID}) that registration and deletion change in the same
 * transaction as the webhook, so the per-owner cap holds exactly however many requests race.
 */
@Singleton
public class WebhookRepository {
    private final DynamoDbClient dynamoDb;
    private final String table;
    private final SecretBox secrets;
    private final JsonMapper json;

    public WebhookRepository(DynamoDbClient dynamoDb, WebhooksTable table, SecretBox secrets, JsonMapper json) {
        this.dynamoDb = dynamoDb;
        this.table = table.name();
        this.secrets = secrets;
        this.json = json;
    }

    /** The counter item's sort key: not a webhook id (those start with {@code wh_}), and never listed. */
    static final String COUNTER_ID = "#count";
    private static final String COUNT = "webhookCount";
    /** Transactions cancelled by a concurrent one on the counter are tried again, a few times. */
    static final int MAX_TRANSACTION_ATTEMPTS = 10;

    /** Stores a new webhook unless its owner already has {@code max}; false if the cap refused it. */
    public boolean create(Webhook webhook, String secret, int max) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(WebhooksTable.OWNER, s(webhook.owner()));
        item.put(WebhooksTable.WEBHOOK_ID, s(webhook.id()));
        item.put("url", s(webhook.url()));
        item.put("events", AttributeValue.fromL(webhook.events().stream().map(WebhookRepository::s).toList()));
        item.put("filters", s(toJson(webhook.filters())));
        item.put("createdAt", s(webhook.createdAt().toString()));
        item.put("sealedSecret", s(secrets.seal(secret)));
        ensureCounter(webhook.owner());
        TransactWriteItem count = TransactWriteItem.builder().update(u -> u.tableName(table).key(key(webhook.owner(), COUNTER_ID))
                .updateExpression("SET " + COUNT + " = " + COUNT + " + :one").conditionExpression(COUNT + " < :max")
                .expressionAttributeValues(Map.of(":one", n(1), ":max", n(max)))).build();
        TransactWriteItem put = TransactWriteItem.builder().put(p -> p.tableName(table).item(item)
                .conditionExpression("attribute_not_exists(webhookId)")).build();
        return transact(List.of(count, put));
    }

    /**
     * Creates the owner's counter from the webhooks already stored, if it does not exist yet. Racing
     * creators count the same webhooks: none can be added before a counter exists.
     */
    private void ensureCounter(String owner) {
        if (rawItem(owner, COUNTER_ID).isPresent()) {
            return;
        }
        Map<String, AttributeValue> counter = new HashMap<>(key(owner, COUNTER_ID));
        counter.put(COUNT, n(list(owner).size()));
        try {
            dynamoDb.putItem(b -> b.tableName(table).item(counter).conditionExpression("attribute_not_exists(webhookId)"));
        } catch (ConditionalCheckFailedException createdMeanwhile) {
            // Another request created it first, from the same count.
        }
    }

    /** Runs a transaction; false if a condition refused it, retried if a concurrent transaction cancelled it. */
    private boolean transact(List<TransactWriteItem> items) {
        for (int attempt = 1; ; attempt++) {
            try {
                dynamoDb.transactWriteItems(b -> b.transactItems(items));
                return true;
            } catch (TransactionCanceledException e) {
                boolean conflict = e.cancellationReasons().stream().anyMatch(r -> "TransactionConflict".equals(r.code()));
                if (!conflict || attempt >= MAX_TRANSACTION_ATTEMPTS) {
                    if (conflict) {
                        throw e;
                    }
                    return false;
                }
                try {
                    Thread.sleep(ThreadLocalRandom.current().nextInt(5, 20 * attempt));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    public List<Webhook> list(String owner) {
        return dynamoDb.queryPaginator(b -> b.tableName(table).consistentRead(true)
                        .keyConditionExpression("#owner = :owner")
                        .expressionAttributeNames(Map.of("#owner", WebhooksTable.OWNER))
                        .expressionAttributeValues(Map.of(":owner", s(owner))))
                .items().stream().filter(WebhookRepository::isWebhook).map(this::toWebhook)
                .sorted(Comparator.comparing(Webhook::createdAt).thenComparing(Webhook::id)).toList();
    }

    /**
     * Every active webhook of every owner, for matching events. A scan: matching runs once per relay
     * batch, not per request, and the table holds one small item per subscription.
     */
    public List<Webhook> allActive() {
        return dynamoDb.scanPaginator(b -> b.tableName(table).consistentRead(true)
                        .filterExpression("attribute_not_exists(disabledAt)"))
                .items().stream().filter(WebhookRepository::isWebhook).map(this::toWebhook).toList();
    }

    private static boolean isWebhook(Map<String, AttributeValue> item) {
        return !COUNTER_ID.equals(item.get(WebhooksTable.WEBHOOK_ID).s());
    }

    public Optional<Webhook> find(String owner, String id) {
        return item(owner, id).map(this::toWebhook);
    }

    /** The webhook with its secret opened, for signing a delivery. */
    public Optional<Signing> findForSigning(String owner, String id) {
        return item(owner, id).map(item -> new Signing(toWebhook(item), secrets.open(item.get("sealedSecret").s())));
    }

    public record Signing(Webhook webhook, String secret) {
        @Override
        public String toString() {
            return "Signing[" + webhook.id() + "]"; // never the secret
        }
    }

    /** Deletes a webhook and frees its place under the cap; false if there was no such webhook. */
    public boolean delete(String owner, String id) {
        if (COUNTER_ID.equals(id)) {
            return false;
        }
        ensureCounter(owner);
        TransactWriteItem delete = TransactWriteItem.builder().delete(d -> d.tableName(table).key(key(owner, id))
                .conditionExpression("attribute_exists(webhookId)")).build();
        TransactWriteItem count = TransactWriteItem.builder().update(u -> u.tableName(table).key(key(owner, COUNTER_ID))
                .updateExpression("SET " + COUNT + " = " + COUNT + " - :one")
                .expressionAttributeValues(Map.of(":one", n(1)))).build();
        return transact(List.of(delete, count));
    }

    /** Stops deliveries to a webhook whose receiver answered 410 Gone; it stays listed as disabled. */
    public void disable(String owner, String id, String reason, Instant at) {
        try {
            dynamoDb.updateItem(b -> b.tableName(table).key(key(owner, id))
                    .updateExpression("SET disabledAt = if_not_exists(disabledAt, :at), disabledReason = :reason")
                    .conditionExpression("attribute_exists(webhookId)")
                    .expressionAttributeValues(Map.of(":at", s(at.toString()), ":reason", s(reason))));
        } catch (ConditionalCheckFailedException deletedMeanwhile) {
            // Nothing left to disable.
        }
    }

    private Optional<Map<String, AttributeValue>> item(String owner, String id) {
        if (COUNTER_ID.equals(id)) {
            return Optional.empty(); // not a webhook, whoever asks
        }
        return rawItem(owner, id);
    }

    private Optional<Map<String, AttributeValue>> rawItem(String owner, String id) {
        var found = dynamoDb.getItem(b -> b.tableName(table).key(key(owner, id)).consistentRead(true));
        return found.hasItem() && !found.item().isEmpty() ? Optional.of(found.item()) : Optional.empty();
    }

    private static Map<String, AttributeValue> key(String owner, String id) {
        return Map.of(WebhooksTable.OWNER, s(owner), WebhooksTable.WEBHOOK_ID, s(id));
    }

    private Webhook toWebhook(Map<String, AttributeValue> item) {
        try {
            return new Webhook(item.get(WebhooksTable.WEBHOOK_ID).s(), item.get(WebhooksTable.OWNER).s(), item.get("url").s(),
                    item.get("events").l().stream().map(AttributeValue::s).toList(),
                    json.readValue(item.get("filters").s(), WebhookFilters.class),
                    Instant.parse(item.get("createdAt").s()),
                    item.containsKey("disabledAt"),
                    item.containsKey("disabledReason") ? item.get("disabledReason").s() : null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String toJson(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }
}
