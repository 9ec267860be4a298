package domainintel.access;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** Where API keys and their daily counters live (DynamoDB). */
public interface ApiKeyRepository {
    void create(ApiKey key, String keyHash);

    List<ApiKey> list();

    /** The records of those of these key hashes that exist, by hash. */
    Map<String, ApiKey> findByHashes(Collection<String> keyHashes);

    /** The hash a key id belongs to (the key records are keyed by hash). */
    Optional<String> hashOf(String keyId);

    /**
     * Verifies the key, its revocation, its tier against {@code required} and today's count, and
     * counts the request, all in one conditional write: exact under any concurrency. Non-blocking:
     * the request path calls it from the event loop.
     */
    CompletionStage<Admission> admit(String accountId, String keyHash, Tier required, Instant now);

    /** The checks of {@link #admit} (key, revocation, tier) without counting: for routes that cost nothing. */
    CompletionStage<Admission> identify(String accountId, String keyHash, Tier required, Instant now);
}
