package domainintel.access;

import com.fasterxml.jackson.annotation.JsonInclude;
import domainintel.accounts.Account;
import domainintel.contract.ErrorCode;
import domainintel.contract.Rejection;
import domainintel.web.ApiDocs;
import domainintel.web.AdminOperations;
import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Put;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;

import java.time.Instant;

/** Operators move an account between tiers (a new dashboard account starts on Sovereign). */
@Controller(ApiPaths.ADMIN + "/accounts")
@Tag(name = "Admin")
@io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "400", ref = ApiDocs.BAD_REQUEST)
@AdminOperations
public class AdminAccountController {
    private final AccountKeys accountKeys;

    public AdminAccountController(AccountKeys accountKeys) {
        this.accountKeys = accountKeys;
    }

    @Serdeable
    @Schema(requiredProperties = "tier")
    public record ChangeAccountRequest(@Nullable @Schema(allowableValues = {"sovereign", "enterprise"}) String tier) {
    }

    /** An account as operators see it: no email, no session state. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record AccountView(@Schema(example = "acc_...") String id, String owner, Tier tier, Instant createdAt) {
        static AccountView of(Account account) {
            return new AccountView(account.id(), account.owner(), account.tier(), account.createdAt());
        }
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record AccountResult(AccountView account) {
    }

    /** Every key of the account has the new tier and quota from its next request on. */
    @Put("/{id}")
    @Operation(operationId = "changeAccountTier", summary = "Move an account to a tier",
            description = "All the account's keys have the new tier and quota from their next request.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "The account, on its new tier.")
    public ApiResponse<AccountResult> change(String id, @Body ChangeAccountRequest body) {
        if (body.tier() == null) {
            throw Rejection.invalidRequest("'tier' is required: sovereign or enterprise.");
        }
        Tier tier = Tier.fromWire(body.tier())
                .orElseThrow(() -> Rejection.invalidRequest("'tier' must be sovereign or enterprise."));
        Account account = accountKeys.changeTier(id, tier)
                .orElseThrow(() -> new Rejection(ErrorCode.NOT_FOUND, "No account with id '" + id + "'."));
        return ApiResponse.ok(new AccountResult(AccountView.of(account)));
    }
}
