package domainintel.access;

import com.fasterxml.jackson.annotation.JsonInclude;
import domainintel.accounts.Account;
import domainintel.accounts.Accounts;
import domainintel.contract.Rejection;
import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import domainintel.contract.ErrorCode;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Status;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.swagger.v3.oas.annotations.media.Schema;
import domainintel.web.ApiDocs;
import domainintel.web.AdminOperations;

import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Operators create, list and revoke API keys. A key's secret appears once: in the create response. */
@Controller(ApiPaths.ADMIN + "/keys")
@Tag(name = "Admin")
@AdminOperations
public class AdminKeyController {
    private static final Pattern OWNER = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    private static final int MAX_NAME = 100;

    private final ApiKeyRepository keys;
    private final AccountKeys accountKeys;
    private final Accounts accounts;
    private final Clock clock;

    public AdminKeyController(ApiKeyRepository keys, AccountKeys accountKeys, Accounts accounts, Clock clock) {
        this.keys = keys;
        this.accountKeys = accountKeys;
        this.accounts = accounts;
        this.clock = clock;
    }

    @Serdeable
    @Schema(requiredProperties = "tier")
    public record CreateKeyRequest(@Nullable @Schema(allowableValues = {"sovereign", "enterprise"}) String tier,
                                   @Nullable @Schema(description = "A label for people, 1 to 100 characters.", example = "my laptop") String name,
                                   @Nullable @Schema(description = "The customer account; keys of one owner share its webhooks. A new one if left out.",
                                           pattern = "^[A-Za-z0-9_.-]{1,64}$", example = "acme") String owner) {
    }

    /** The new key: {@code key} is the secret, shown here once and never again. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record CreatedKey(@Schema(example = "di_live_...") String key, ApiKey apiKey) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record ApiKeyList(List<ApiKey> apiKeys) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record ApiKeyResult(ApiKey apiKey) {
    }

    @Post
    @Operation(operationId = "createApiKey", summary = "Create an API key", description = "The secret (`key`) is in this answer only.")
    @Status(HttpStatus.CREATED) // the spec's success code; the answer sets it itself
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "201", description = "Created.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "400", ref = ApiDocs.BAD_REQUEST)
    public HttpResponse<ApiResponse<CreatedKey>> create(@Body CreateKeyRequest body) {
        if (body.tier() == null) {
            throw Rejection.invalidRequest("'tier' is required: sovereign or enterprise.");
        }
        Tier tier = Tier.fromWire(body.tier())
                .orElseThrow(() -> Rejection.invalidRequest("'tier' must be sovereign or enterprise."));
        if (body.name() != null && (body.name().isBlank() || body.name().length() > MAX_NAME)) {
            throw Rejection.invalidRequest("'name' must be 1 to " + MAX_NAME + " characters.");
        }
        if (body.owner() != null && !OWNER.matcher(body.owner()).matches()) {
            throw Rejection.invalidRequest("'owner' must be 1 to 64 letters, digits, '.', '_' or '-'.");
        }
        String owner = body.owner() != null ? body.owner() : "own_" + ApiKeySecrets.randomBase62(16);
        // Each operator's key spends a quota of its own: it gets an account of its own.
        Account account = accounts.createForOperator(tier, owner, clock.instant().truncatedTo(ChronoUnit.MILLIS));
        AccountKeys.Created created = accountKeys.create(account, body.name());
        return HttpResponse.status(HttpStatus.CREATED).body(ApiResponse.ok(new CreatedKey(created.secret(), created.key())));
    }

    @Get
    @Operation(operationId = "listApiKeys", summary = "Every API key", description = "Public records only; no secret is ever kept.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "The keys.")
    public ApiResponse<ApiKeyList> list() {
        return ApiResponse.ok(new ApiKeyList(keys.list()));
    }

    @Delete("/{id}")
    @Operation(operationId = "revokeApiKey", summary = "Revoke an API key", description = "Its next request is `revoked_api_key`.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "Revoked.")
    public ApiResponse<ApiKeyResult> revoke(String id) {
        ApiKey revoked = accountKeys.revokeByOperator(id)
                .orElseThrow(() -> new Rejection(ErrorCode.NOT_FOUND, "No API key with id '" + id + "'."));
        return ApiResponse.ok(new ApiKeyResult(revoked));
    }
}
