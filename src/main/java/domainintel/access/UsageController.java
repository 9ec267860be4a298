package domainintel.access;

import com.fasterxml.jackson.annotation.JsonInclude;
import domainintel.web.ApiDocs;
import domainintel.web.KeyedOperations;
import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.extensions.Extension;
import io.swagger.v3.oas.annotations.extensions.ExtensionProperty;
import io.swagger.v3.oas.annotations.tags.Tag;

import java.time.Clock;

/** The caller's account's usage, for code: what the dashboard's usage page shows. Costs no quota. */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
@Tag(name = "Usage")
@KeyedOperations
public class UsageController {
    private final AccountKeys accountKeys;
    private final Clock clock;

    public UsageController(AccountKeys accountKeys, Clock clock) {
        this.accountKeys = accountKeys;
        this.clock = clock;
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record UsageResult(Usage usage) {
    }

    @Get(ApiPaths.V1 + "/usage")
    @Uncounted
    @Operation(operationId = "getUsage", summary = "Today's use of the account's quota",
            description = "Today's count, what is left and when it resets, each key's share and last use, and the last 30 days. "
                    + "Any valid key; costs no quota.",
            extensions = @Extension(properties = @ExtensionProperty(name = ApiDocs.TIER, value = "sovereign")))
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "The account's usage.")
    public ApiResponse<UsageResult> usage(@Parameter(hidden = true) Caller caller) {
        return ApiResponse.ok(new UsageResult(accountKeys.usage(caller.account(), clock.instant())));
    }
}
