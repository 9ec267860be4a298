package domainintel.access;

import domainintel.accounts.Account;
import domainintel.contract.Rejection;
import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import domainintel.contract.ErrorCode;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Put;
import io.micronaut.serde.annotation.Serdeable;

import java.util.LinkedHashMap;
import java.util.Map;

/** Operators move an account between tiers (a new dashboard account starts on Sovereign). */
@Controller(ApiPaths.ADMIN + "/accounts")
public class AdminAccountController {
    private final AccountKeys accountKeys;

    public AdminAccountController(AccountKeys accountKeys) {
        this.accountKeys = accountKeys;
    }

    @Serdeable
    public record ChangeAccountRequest(@Nullable String tier) {
    }

    /** Every key of the account has the new tier and quota from its next request on. */
    @Put("/{id}")
    public ApiResponse change(String id, @Body ChangeAccountRequest body) {
        if (body.tier() == null) {
            throw Rejection.invalidRequest("'tier' is required: sovereign or enterprise.");
        }
        Tier tier = Tier.fromWire(body.tier())
                .orElseThrow(() -> Rejection.invalidRequest("'tier' must be sovereign or enterprise."));
        Account account = accountKeys.changeTier(id, tier)
                .orElseThrow(() -> new Rejection(ErrorCode.NOT_FOUND, "No account with id '" + id + "'."));
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", account.id());
        view.put("owner", account.owner());
        view.put("tier", account.tier().wireName());
        view.put("createdAt", account.createdAt());
        return ApiResponse.ok(Map.of("account", view));
    }
}
