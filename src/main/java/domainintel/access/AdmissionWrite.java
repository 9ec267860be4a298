package domainintel.access;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;

/**
 * The one conditional {@code UpdateItem} that admits a request, on the item of the key's account
 * (the accounts table; the account's id is part of the key): the key is one of the account's live
 * keys, the account's tier may call the route, and the account's count today is under its tier's
 * quota, so all of an account's keys share one exact daily quota. The same write counts the
 * request for the account and for the key, stamps the key's last use, and clears counts older than
 * the usage history keeps. How the answer reads as an {@link Admission} is decided here too.
 */
final class AdmissionWrite {
    /** Days beyond the kept history cleared by each write, so an account that pauses leaves no stale counts. */
    private static final int DAYS_CLEARED = 7;

    private AdmissionWrite() {
    }

    static UpdateItemRequest request(String table, String accountId, String keyHash, Tier required, QuotaDay day, Instant now) {
        Map<String, String> names = new HashMap<>();
        names.put("#key", AccountItem.active(keyHash));
        names.put("#today", day.attribute());
        names.put("#keyToday", AccountItem.keyDay(keyHash, day));
        names.put("#lastUsed", AccountItem.lastUsed(keyHash));
        names.put("#tier", "tier");
        names.put("#owner", "owner");
        StringBuilder clear = new StringBuilder();
        for (int i = 0; i < DAYS_CLEARED; i++) {
            QuotaDay old = day.earlier(AccountItem.DAYS_KEPT + i);
            names.put("#a" + i, old.attribute());
            names.put("#k" + i, AccountItem.keyDay(keyHash, old));
            clear.append(i == 0 ? " REMOVE " : ", ").append("#a").append(i).append(", #k").append(i);
        }
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":zero", n(0));
        values.put(":one", n(1));
        // Milliseconds, as every timestamp the API shows: the clock may be finer (nanoseconds on Linux).
        values.put(":now", AttributeValue.fromS(now.truncatedTo(ChronoUnit.MILLIS).toString()));
        StringBuilder underQuota = new StringBuilder("attribute_not_exists(#today)");
        for (Tier tier : Tier.values()) {
            values.put(":" + tier.wireName(), AttributeValue.fromS(tier.wireName()));
            values.put(":" + tier.wireName() + "Quota", n(tier.dailyQuota()));
            underQuota.append(" OR (#tier = :").append(tier.wireName())
                    .append(" AND #today < :").append(tier.wireName()).append("Quota)");
        }
        StringBuilder condition = new StringBuilder("attribute_exists(#key) AND (").append(underQuota).append(")");
        for (Tier tier : Tier.values()) {
            if (!tier.includes(required)) {
                condition.append(" AND #tier <> :").append(tier.wireName());
            }
        }
        // The key, tier and owner are set to themselves only so that UPDATED_NEW returns them: the
        // answer then carries what the request needs and not the account's whole usage history.
        return UpdateItemRequest.builder()
                .tableName(table)
                .key(Map.of("pk", AttributeValue.fromS(accountId)))
                .updateExpression("SET #today = if_not_exists(#today, :zero) + :one, #keyToday = if_not_exists(#keyToday, :zero) + :one, "
                        + "#lastUsed = :now, #key = #key, #tier = #tier, #owner = #owner" + clear)
                .conditionExpression(condition.toString())
                .expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .returnValues(ReturnValue.UPDATED_NEW)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
    }

    /** The write succeeded: {@code item} holds the attributes it set, today's count among them. */
    static Admission admitted(Map<String, AttributeValue> item, String accountId, String keyHash, QuotaDay day) {
        return new Admission.Admitted(toCaller(item, accountId, keyHash), Long.parseLong(item.get(day.attribute()).n()));
    }

    /** The condition failed: {@code item} is the account's item as it was (empty when there is no such account). */
    static Admission refused(Map<String, AttributeValue> item, String accountId, String keyHash, Tier required, QuotaDay day) {
        if (item == null || !item.containsKey(AccountItem.active(keyHash))) {
            return item != null && item.containsKey(AccountItem.revoked(keyHash)) ? new Admission.RevokedKey() : new Admission.UnknownKey();
        }
        Caller caller = toCaller(item, accountId, keyHash);
        if (!caller.tier().includes(required)) {
            return new Admission.TierTooLow(caller.tier(), used(item, day));
        }
        return new Admission.QuotaExhausted(caller.tier());
    }

    /**
     * For a route that does not count (the usage report): the same checks from the account's item
     * as read, without the quota's.
     */
    static Admission identified(Map<String, AttributeValue> item, String accountId, String keyHash, Tier required, QuotaDay day) {
        if (item == null || !item.containsKey(AccountItem.active(keyHash))) {
            return refused(item, accountId, keyHash, required, day);
        }
        Caller caller = toCaller(item, accountId, keyHash);
        return caller.tier().includes(required)
                ? new Admission.Admitted(caller, used(item, day))
                : new Admission.TierTooLow(caller.tier(), used(item, day));
    }

    private static long used(Map<String, AttributeValue> item, QuotaDay day) {
        AttributeValue used = item.get(day.attribute());
        return used == null ? 0 : Long.parseLong(used.n());
    }

    private static Caller toCaller(Map<String, AttributeValue> item, String accountId, String keyHash) {
        Tier tier = Tier.fromWire(item.get("tier").s()).orElseThrow();
        return new Caller(item.get(AccountItem.active(keyHash)).s(), accountId, item.get("owner").s(), tier);
    }

    private static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }
}
