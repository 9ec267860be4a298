package domainintel.access;

import domainintel.accounts.Account;
import domainintel.accounts.Accounts;
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
            AccountKeys accountKeys = context.getBean(AccountKeys.class);
            Instant now = Instant.now();
            Account account = context.getBean(Accounts.class).createForOperator(Tier.SOVEREIGN, "acme", now);
            AccountKeys.Created created = accountKeys.create(account, "localstack");
            String hash = ApiKeySecrets.sha256Hex(created.secret());
            var admitted = assertInstanceOf(Admission.Admitted.class, keys.admit(account.id(), hash, Tier.SOVEREIGN, now).toCompletableFuture().join());
            assertEquals(1, admitted.used());
            assertInstanceOf(Admission.TierTooLow.class, keys.admit(account.id(), hash, Tier.ENTERPRISE, now).toCompletableFuture().join());
            accountKeys.revokeByOperator(created.key().id());
            assertInstanceOf(Admission.RevokedKey.class, keys.admit(account.id(), hash, Tier.SOVEREIGN, now).toCompletableFuture().join());
        }
    }
}
