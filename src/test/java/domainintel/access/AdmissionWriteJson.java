package domainintel.access;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/**
 * The request path's admission write ({@link AdmissionWrite}) as a body of DynamoDB's JSON protocol,
 * so the load benchmark can send the very same {@code UpdateItem} straight to DynamoDB Local and
 * measure the floor under the service.
 */
public final class AdmissionWriteJson {
    private AdmissionWriteJson() {
    }

    /** The admission of a Sovereign+ route (the listing's) for this key, today; {@code table} is the accounts table. */
    public static String forKey(String table, String secret, Instant now) {
        UpdateItemRequest request = AdmissionWrite.request(table, ApiKeySecrets.accountOf(secret).orElseThrow(),
                ApiKeySecrets.sha256Hex(secret), Tier.SOVEREIGN, QuotaDay.of(now), now);
        StringBuilder json = new StringBuilder("{");
        field(json, "TableName").append(string(request.tableName())).append(',');
        field(json, "Key").append(attributes(request.key())).append(',');
        field(json, "UpdateExpression").append(string(request.updateExpression())).append(',');
        field(json, "ConditionExpression").append(string(request.conditionExpression())).append(',');
        field(json, "ExpressionAttributeNames").append('{');
        String separator = "";
        for (var name : new TreeMap<>(request.expressionAttributeNames()).entrySet()) {
            json.append(separator).append(string(name.getKey())).append(':').append(string(name.getValue()));
            separator = ",";
        }
        json.append("},");
        field(json, "ExpressionAttributeValues").append(attributes(request.expressionAttributeValues())).append(',');
        field(json, "ReturnValues").append(string(request.returnValuesAsString())).append(',');
        field(json, "ReturnValuesOnConditionCheckFailure").append(string(request.returnValuesOnConditionCheckFailureAsString()));
        return json.append('}').toString();
    }

    private static StringBuilder field(StringBuilder json, String name) {
        return json.append(string(name)).append(':');
    }

    /** The admission write uses string and number attributes only. */
    private static String attributes(Map<String, AttributeValue> values) {
        StringBuilder json = new StringBuilder("{");
        String separator = "";
        for (var entry : new TreeMap<>(values).entrySet()) {
            AttributeValue value = entry.getValue();
            String typed = value.s() != null ? "{\"S\":" + string(value.s()) + "}" : "{\"N\":" + string(value.n()) + "}";
            json.append(separator).append(string(entry.getKey())).append(':').append(typed);
            separator = ",";
        }
        return json.append('}').toString();
    }

    private static String string(String value) {
        return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
