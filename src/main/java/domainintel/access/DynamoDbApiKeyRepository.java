package domainintel.access;

import domainintel.accounts.AccountsTable;
import jakarta.inject.Singleton;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

@Singleton
public class DynamoDbApiKeyRepository implements ApiKeyRepository {
    private static final int BATCH_GET_LIMIT = 100;
    private final DynamoDbClient dynamoDb;
    private final DynamoDbAsyncClient dynamoDbAsync;
    private final String table;
    private final String accountsTable;

    public DynamoDbApiKeyRepository(DynamoDbClient dynamoDb, DynamoDbAsyncClient dynamoDbAsync, ApiKeysTable table,
                                    AccountsTable accountsTable) {
        this.dynamoDb = dynamoDb;
        this.dynamoDbAsync = dynamoDbAsync;
        this.table = table.name();
        this.accountsTable = accountsTable.name();
    }

    @Override
    public void create(ApiKey key, String keyHash) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(ApiKeysTable.KEY_HASH, s(keyHash));
        item.put(ApiKeysTable.KEY_ID, s(key.id()));
        item.put("tier", s(key.tier().wireName()));
        item.put("owner", s(key.owner()));
        item.put("account", s(key.account()));
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
    public Map<String, ApiKey> findByHashes(Collection<String> keyHashes) {
        Map<String, ApiKey> found = new HashMap<>();
        List<String> all = List.copyOf(keyHashes);
        for (int from = 0; from < all.size(); from += BATCH_GET_LIMIT) {
            List<Map<String, AttributeValue>> batch = all.subList(from, Math.min(all.size(), from + BATCH_GET_LIMIT)).stream()
                    .map(hash -> Map.of(ApiKeysTable.KEY_HASH, s(hash))).toList();
            Map<String, KeysAndAttributes> pending = Map.of(table, KeysAndAttributes.builder().keys(batch).consistentRead(true).build());
            while (!pending.isEmpty()) {
                var response = dynamoDb.batchGetItem(BatchGetItemRequest.builder().requestItems(pending).build());
                response.responses().getOrDefault(table, List.of())
                        .forEach(item -> found.put(item.get(ApiKeysTable.KEY_HASH).s(), toApiKey(item)));
                pending = response.unprocessedKeys();
            }
        }
        return found;
    }

    @Override
    public Optional<String> hashOf(String keyId) {
        var hits = dynamoDb.query(b -> b.tableName(table).indexName(ApiKeysTable.BY_KEY_ID)
                .keyConditionExpression("keyId = :id")
                .expressionAttributeValues(Map.of(":id", s(keyId)))).items();
        return hits.isEmpty() ? Optional.empty() : Optional.of(hits.get(0).get(ApiKeysTable.KEY_HASH).s());
    }

    /**
     * Through the asynchronous client: the request path waits for DynamoDB without holding a thread.
     * A failed condition is an answer (why the request is refused), not an error; anything else
     * (DynamoDB unreachable) fails the stage with the SDK's own exception.
     */
    @Override
    public CompletionStage<Admission> admit(String accountId, String keyHash, Tier required, Instant now) {
        QuotaDay day = QuotaDay.of(now);
        CompletableFuture<Admission> admission = new CompletableFuture<>();
        dynamoDbAsync.updateItem(AdmissionWrite.request(accountsTable, accountId, keyHash, required, day, now)).whenComplete((written, error) -> {
            Throwable cause = error instanceof CompletionException wrapped && wrapped.getCause() != null ? wrapped.getCause() : error;
            if (cause == null) {
                admission.complete(AdmissionWrite.admitted(written.attributes(), accountId, keyHash, day));
            } else if (cause instanceof ConditionalCheckFailedException refused) {
                admission.complete(AdmissionWrite.refused(refused.item(), accountId, keyHash, required, day));
            } else {
                admission.completeExceptionally(cause);
            }
        });
        return admission;
    }

    /** One strongly consistent read of the account's item: the same checks as {@link #admit}, nothing counted. */
    @Override
    public CompletionStage<Admission> identify(String accountId, String keyHash, Tier required, Instant now) {
        return dynamoDbAsync.getItem(b -> b.tableName(accountsTable).key(Map.of("pk", s(accountId))).consistentRead(true))
                .thenApply(read -> AdmissionWrite.identified(read.item(), accountId, keyHash, required, QuotaDay.of(now)));
    }

    private static ApiKey toApiKey(Map<String, AttributeValue> item) {
        return new ApiKey(item.get(ApiKeysTable.KEY_ID).s(),
                item.containsKey("keyName") ? item.get("keyName").s() : null,
                Tier.fromWire(item.get("tier").s()).orElseThrow(), item.get("owner").s(),
                item.containsKey("account") ? item.get("account").s() : null, item.get("start").s(),
                Instant.parse(item.get("createdAt").s()),
                item.containsKey("revokedAt") ? Instant.parse(item.get("revokedAt").s()) : null);
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

}
