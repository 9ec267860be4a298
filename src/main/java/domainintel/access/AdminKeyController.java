package domainintel.access;

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
import io.micronaut.serde.annotation.Serdeable;

import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.regex.Pattern;

/** Operators create, list and revoke API keys. A key's secret appears once: in the create response. */
@Controller(ApiPaths.ADMIN + "/keys")
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
    public record CreateKeyRequest(@Nullable String tier, @Nullable String name, @Nullable String owner) {
    }

    @Post
    public HttpResponse<ApiResponse> create(@Body CreateKeyRequest body) {
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
        return HttpResponse.status(HttpStatus.CREATED).body(ApiResponse.ok(Map.of("key", created.secret(), "apiKey", created.key())));
    }

    @Get
    public ApiResponse list() {
        return ApiResponse.ok(Map.of("apiKeys", keys.list()));
    }

    @Delete("/{id}")
    public ApiResponse revoke(String id) {
        ApiKey revoked = accountKeys.revokeByOperator(id)
                .orElseThrow(() -> new Rejection(ErrorCode.NOT_FOUND, "No API key with id '" + id + "'."));
        return ApiResponse.ok(Map.of("apiKey", revoked));
    }
}
