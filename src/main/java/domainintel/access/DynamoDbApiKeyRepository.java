package domainintel.access;

import jakarta.inject.Singleton;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

@Singleton
public class DynamoDbApiKeyRepository implements ApiKeyRepository {
    private final DynamoDbClient dynamoDb;
    private final String table;

    public DynamoDbApiKeyRepository(DynamoDbClient dynamoDb, ApiKeysTable table) {
        this.dynamoDb = dynamoDb;
        this.table = table.name();
    }

    @Override
    public void create(ApiKey key, String keyHash) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(ApiKeysTable.KEY_HASH, s(keyHash));
        item.put(ApiKeysTable.KEY_ID, s(key.id()));
        item.put("tier", s(key.tier()));
        item.put("owner", s(key.owner()));
        item.put("start", s(key.start()));
        item.put("createdAt", s(key.createdAt().toString()));
        if (key.name() != null) {
            item.put("keyName", s(key.name()));
        }
        dynamoDb.putItem(b -> b.tableName(table).item(item).conditionExpression("attribute_not_exists(keyHash)"));
    }

    @Override
    public List<ApiKey> list() {
        return dynamoDb.scanPaginator(b -> b.tableName(table).consistentRead(true)).items().stream()
                .map(DynamoDbApiKeyRepository::toApiKey)
                .sorted(Comparator.comparing(ApiKey::createdAt))
                .toList();
    }

    @Override
    public Optional<ApiKey> revoke(String keyId, Instant now) {
        var hits = dynamoDb.query(b -> b.tableName(table).indexName(ApiKeysTable.BY_KEY_ID)
                .keyConditionExpression("keyId = :id")
                .expressionAttributeValues(Map.of(":id", s(keyId)))).items();
        if (hits.isEmpty()) {
            return Optional.empty();
        }
        String keyHash = hits.get(0).get(ApiKeysTable.KEY_HASH).s();
        // if_not_exists keeps the first revocation time when an operator revokes twice.
        var updated = dynamoDb.updateItem(b -> b.tableName(table)
                .key(Map.of(ApiKeysTable.KEY_HASH, s(keyHash)))
                .updateExpression("SET revokedAt = if_not_exists(revokedAt, :now)")
                .conditionExpression("attribute_exists(keyHash)")
                .expressionAttributeValues(Map.of(":now", s(now.toString())))
                .returnValues(ReturnValue.ALL_NEW));
        return Optional.of(toApiKey(updated.attributes()));
    }

    @Override
    public Admission admit(String keyHash, Tier required, Instant now) {
        QuotaDay day = QuotaDay.of(now);
        Map<String, String> names = new HashMap<>();
        names.put("#today", day.attribute());
        names.put("#tier", "tier");
        StringBuilder clear = new StringBuilder();
        for (int back = 1; back <= QuotaDay.DAYS_CLEARED; back++) {
            names.put("#d" + back, day.earlierAttribute(back));
            clear.append(back == 1 ? " REMOVE " : ", ").append("#d").append(back);
        }
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":zero", n(0));
        values.put(":one", n(1));
        String underQuota = "attribute_not_exists(#today)";
        for (Tier tier : Tier.values()) {
            values.put(":" + tier.wireName(), s(tier.wireName()));
            values.put(":" + tier.wireName() + "Quota", n(tier.dailyQuota()));
            underQuota += " OR (#tier = :" + tier.wireName() + " AND #today < :" + tier.wireName() + "Quota)";
        }
        StringBuilder condition = new StringBuilder("attribute_exists(keyHash) AND attribute_not_exists(revokedAt) AND (")
                .append(underQuota).append(")");
        for (Tier tier : Tier.values()) {
            if (!tier.includes(required)) {
                condition.append(" AND #tier <> :").append(tier.wireName());
            }
        }
        try {
            var result = dynamoDb.updateItem(b -> b.tableName(table)
                    .key(Map.of(ApiKeysTable.KEY_HASH, s(keyHash)))
                    .updateExpression("SET #today = if_not_exists(#today, :zero) + :one" + clear)
                    .conditionExpression(condition.toString())
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values)
                    .returnValues(ReturnValue.ALL_NEW)
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD));
            Map<String, AttributeValue> item = result.attributes();
            return new Admission.Admitted(toCaller(item), Long.parseLong(item.get(day.attribute()).n()));
        } catch (ConditionalCheckFailedException refused) {
            return whyRefused(refused.item(), required, day);
        }
    }

    private static Admission whyRefused(Map<String, AttributeValue> item, Tier required, QuotaDay day) {
        if (item == null || item.isEmpty()) {
            return new Admission.UnknownKey();
        }
        if (item.containsKey("revokedAt")) {
            return new Admission.RevokedKey();
        }
        Caller caller = toCaller(item);
        if (!caller.tier().includes(required)) {
            AttributeValue used = item.get(day.attribute());
            return new Admission.TierTooLow(caller.tier(), used == null ? 0 : Long.parseLong(used.n()));
        }
        return new Admission.QuotaExhausted(caller.tier());
    }

    private static Caller toCaller(Map<String, AttributeValue> item) {
        Tier tier = Tier.fromWire(item.get("tier").s()).orElseThrow();
        return new Caller(item.get(ApiKeysTable.KEY_ID).s(), item.get("owner").s(), tier);
    }

    private static ApiKey toApiKey(Map<String, AttributeValue> item) {
        return new ApiKey(item.get(ApiKeysTable.KEY_ID).s(),
                item.containsKey("keyName") ? item.get("keyName").s() : null,
                item.get("tier").s(), item.get("owner").s(), item.get("start").s(),
                Instant.parse(item.get("createdAt").s()),
                item.containsKey("revokedAt") ? Instant.parse(item.get("revokedAt").s()) : null);
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }
}
