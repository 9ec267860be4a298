package domainintel.alerts;

import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Webhooks in DynamoDB, with their signing secret sealed by {@link SecretBox}. */
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

    public void create(Webhook webhook, String secret) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(WebhooksTable.OWNER, s(webhook.owner()));
        item.put(WebhooksTable.WEBHOOK_ID, s(webhook.id()));
        item.put("url", s(webhook.url()));
        item.put("events", AttributeValue.fromL(webhook.events().stream().map(WebhookRepository::s).toList()));
        item.put("filters", s(toJson(webhook.filters())));
        item.put("createdAt", s(webhook.createdAt().toString()));
        item.put("sealedSecret", s(secrets.seal(secret)));
        dynamoDb.putItem(b -> b.tableName(table).item(item).conditionExpression("attribute_not_exists(webhookId)"));
    }

    public List<Webhook> list(String owner) {
        return dynamoDb.queryPaginator(b -> b.tableName(table).consistentRead(true)
                        .keyConditionExpression("#owner = :owner")
                        .expressionAttributeNames(Map.of("#owner", WebhooksTable.OWNER))
                        .expressionAttributeValues(Map.of(":owner", s(owner))))
                .items().stream().map(this::toWebhook)
                .sorted(Comparator.comparing(Webhook::createdAt).thenComparing(Webhook::id)).toList();
    }

    /**
     * Every active webhook of every owner, for matching events. A scan: matching runs once per relay
     * batch, not per request, and the table holds one small item per subscription.
     */
    public List<Webhook> allActive() {
        return dynamoDb.scanPaginator(b -> b.tableName(table).consistentRead(true)
                        .filterExpression("attribute_not_exists(disabledAt)"))
                .items().stream().map(this::toWebhook).toList();
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

    public boolean delete(String owner, String id) {
        var deleted = dynamoDb.deleteItem(b -> b.tableName(table).key(key(owner, id))
                .returnValues(software.amazon.awssdk.services.dynamodb.model.ReturnValue.ALL_OLD));
        return deleted.hasAttributes() && !deleted.attributes().isEmpty();
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
}
