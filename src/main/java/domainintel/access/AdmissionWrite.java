package domainintel.access;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.util.HashMap;
import java.util.Map;

/**
 * The one conditional {@code UpdateItem} that admits a request: which item it counts on, the
 * condition (key exists, not revoked, tier high enough, today's count under the tier's quota), and
 * how its answer reads as an {@link Admission}. Where the counter lives is decided here alone, so
 * moving the count to another item (an account's) changes this class, not the request path.
 */
final class AdmissionWrite {
    private AdmissionWrite() {
    }

    static UpdateItemRequest request(String table, String keyHash, Tier required, QuotaDay day) {
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
        StringBuilder underQuota = new StringBuilder("attribute_not_exists(#today)");
        for (Tier tier : Tier.values()) {
            values.put(":" + tier.wireName(), s(tier.wireName()));
            values.put(":" + tier.wireName() + "Quota", n(tier.dailyQuota()));
            underQuota.append(" OR (#tier = :").append(tier.wireName())
                    .append(" AND #today < :").append(tier.wireName()).append("Quota)");
        }
        StringBuilder condition = new StringBuilder("attribute_exists(keyHash) AND attribute_not_exists(revokedAt) AND (")
                .append(underQuota).append(")");
        for (Tier tier : Tier.values()) {
            if (!tier.includes(required)) {
                condition.append(" AND #tier <> :").append(tier.wireName());
            }
        }
        return UpdateItemRequest.builder()
                .tableName(table)
                .key(Map.of(ApiKeysTable.KEY_HASH, s(keyHash)))
                .updateExpression("SET #today = if_not_exists(#today, :zero) + :one" + clear)
                .conditionExpression(condition.toString())
                .expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .returnValues(ReturnValue.ALL_NEW)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
    }

    /** The write succeeded: {@code item} is the key's item after it, today's count included. */
    static Admission admitted(Map<String, AttributeValue> item, QuotaDay day) {
        return new Admission.Admitted(toCaller(item), Long.parseLong(item.get(day.attribute()).n()));
    }

    /** The condition failed: {@code item} is the key's item as it was (empty when there is no such key). */
    static Admission refused(Map<String, AttributeValue> item, Tier required, QuotaDay day) {
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

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }
}
