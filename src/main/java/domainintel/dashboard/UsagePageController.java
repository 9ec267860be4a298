package domainintel.dashboard;

import domainintel.access.AccountKeys;
import domainintel.access.Usage;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Produces;
import io.micronaut.json.JsonMapper;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.views.ModelAndView;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Today's count, what is left and when it resets, each key's part, and the last 30 days as a chart. */
@Controller(Dashboard.PATH + "/usage")
@Produces(MediaType.TEXT_HTML)
@ExecuteOn(TaskExecutors.BLOCKING)
public class UsagePageController {
    private final AccountKeys keys;
    private final Pages pages;
    private final JsonMapper json;
    private final Clock clock;

    public UsagePageController(AccountKeys keys, Pages pages, JsonMapper json, Clock clock) {
        this.keys = keys;
        this.pages = pages;
        this.json = json;
        this.clock = clock;
    }

    @Get
    public ModelAndView<Map<String, Object>> page(HttpRequest<?> request) {
        Usage usage = keys.usage(Pages.account(request).id(), clock.instant());
        Map<String, Object> today = new HashMap<>();
        today.put("used", usage.today().used());
        today.put("remaining", usage.today().remaining());
        today.put("limit", usage.today().limit());
        today.put("resetAt", Pages.time(usage.today().resetAt()));
        today.put("perKey", rows(usage.keys()));
        return pages.page("dashboard/usage", "usage", request, Map.of("usage", today, "usageJson", chartData(usage)));
    }

    private static List<Map<String, Object>> rows(List<Usage.KeyUsage> keys) {
        return keys.stream().map(key -> {
            Map<String, Object> row = new HashMap<>();
            row.put("id", key.id());
            row.put("name", key.name() == null ? "(unnamed)" : key.name());
            row.put("start", key.start());
            row.put("today", key.today());
            row.put("last30", key.last30Days());
            row.put("lastUsed", key.lastUsedAt() == null ? "never" : Pages.time(key.lastUsedAt()));
            row.put("revoked", key.revokedAt() != null);
            return row;
        }).toList();
    }

    /** The chart's data, as JSON safe to place inside a script element. */
    private String chartData(Usage usage) {
        try {
            return json.writeValueAsString(Map.of("days", usage.days())).replace("<", "\\u003c");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
