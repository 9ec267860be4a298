package domainintel.access;

import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.time.Clock;
import java.util.Map;

/** The caller's account's usage, for code: what the dashboard's usage page shows. Costs no quota. */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
public class UsageController {
    private final AccountKeys accountKeys;
    private final Clock clock;

    public UsageController(AccountKeys accountKeys, Clock clock) {
        this.accountKeys = accountKeys;
        this.clock = clock;
    }

    @Get(ApiPaths.V1 + "/usage")
    @Uncounted
    public ApiResponse usage(HttpRequest<?> request) {
        return ApiResponse.ok(Map.of("usage", accountKeys.usage(Caller.of(request).account(), clock.instant())));
    }
}
