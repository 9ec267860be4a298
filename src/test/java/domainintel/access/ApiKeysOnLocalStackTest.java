package domainintel.access;

import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.localstack.LocalStackContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;

import java.time.Instant;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * The key and quota store against LocalStack's DynamoDB, the same code as on AWS (no embedded
 * stores). Needs a Docker engine; skipped cleanly where none runs.
 */
@Testcontainers(disabledWithoutDocker = true)
class ApiKeysOnLocalStackTest {
    @Container
    static final LocalStackContainer LOCALSTACK = new LocalStackContainer(DockerImageName.parse("localstack/localstack:3.8"))
            .withServices(LocalStackContainer.Service.DYNAMODB);

    @Test
    void createAdmitAndRevokeAgainstLocalStack() {
        try (ApplicationContext context = ApplicationContext.run(Map.of(
                "aws.dynamodb.endpoint", LOCALSTACK.getEndpoint().toString(),
                "aws.region", LOCALSTACK.getRegion(),
                "local.embedded-stores", "false",
                "catalogue.demo-on-empty", "false"))) {
            ApiKeyRepository keys = context.getBean(ApiKeyRepository.class);
            String secret = ApiKeySecrets.newKey();
            Instant now = Instant.now();
            keys.create(new ApiKey("key_localstack", null, "sovereign", "acme", ApiKeySecrets.start(secret), now, null),
                    ApiKeySecrets.sha256Hex(secret));
            var admitted = assertInstanceOf(Admission.Admitted.class, keys.admit(ApiKeySecrets.sha256Hex(secret), Tier.SOVEREIGN, now).toCompletableFuture().join());
            assertEquals(1, admitted.used());
            assertInstanceOf(Admission.TierTooLow.class, keys.admit(ApiKeySecrets.sha256Hex(secret), Tier.ENTERPRISE, now).toCompletableFuture().join());
            keys.revoke("key_localstack", now);
            assertInstanceOf(Admission.RevokedKey.class, keys.admit(ApiKeySecrets.sha256Hex(secret), Tier.SOVEREIGN, now).toCompletableFuture().join());
        }
    }
}
