package domainintel.dashboard;

import domainintel.access.AccountKeys;
import domainintel.access.Usage;
import domainintel.accounts.Account;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Produces;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.views.ModelAndView;

import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The account's API keys: create (secret shown once), list, revoke. */
@Controller(Dashboard.PATH + "/keys")
@Produces(MediaType.TEXT_HTML)
@ExecuteOn(TaskExecutors.BLOCKING)
public class KeysPageController {
    private static final int MAX_NAME = 100;

    private final AccountKeys keys;
    private final Pages pages;
    private final Clock clock;

    public KeysPageController(AccountKeys keys, Pages pages, Clock clock) {
        this.keys = keys;
        this.pages = pages;
        this.clock = clock;
    }

    @Serdeable
    public record KeyForm(@Nullable String name) {
    }

    @Get
    public ModelAndView<Map<String, Object>> page(HttpRequest<?> request) {
        return pages.page("dashboard/keys", "keys", request, panel(Pages.account(request), null, null, request));
    }

    @Post(consumes = MediaType.APPLICATION_FORM_URLENCODED)
    public HttpResponse<ModelAndView<Map<String, Object>>> create(@Body KeyForm form, HttpRequest<?> request) {
        Account account = Pages.account(request);
        String name = form.name() == null ? "" : form.name().strip();
        if (name.isEmpty() || name.length() > MAX_NAME) {
            return HttpResponse.ok(panelView(account, null, "Give the key a name of 1 to " + MAX_NAME + " characters.", request));
        }
        try {
            AccountKeys.Created created = keys.create(account, name);
            return HttpResponse.ok(panelView(account, created, null, request));
        } catch (AccountKeys.TooManyKeys tooMany) {
            return HttpResponse.ok(panelView(account, null, tooMany.getMessage(), request));
        }
    }

    @Post(value = "/{id}/revoke", consumes = MediaType.APPLICATION_FORM_URLENCODED)
    public HttpResponse<ModelAndView<Map<String, Object>>> revoke(String id, HttpRequest<?> request) {
        Account account = Pages.account(request);
        String error = keys.revoke(account.id(), id).isPresent() ? null : "No such active key.";
        return HttpResponse.ok(panelView(account, null, error, request));
    }

    private ModelAndView<Map<String, Object>> panelView(Account account, @Nullable AccountKeys.Created created,
                                                        @Nullable String error, HttpRequest<?> request) {
        return Pages.fragment("dashboard/keys-panel", panel(account, created, error, request));
    }

    private Map<String, Object> panel(Account account, @Nullable AccountKeys.Created created, @Nullable String error,
                                      HttpRequest<?> request) {
        Map<String, Object> model = new HashMap<>();
        model.put("keys", rows(keys.usage(account.id(), clock.instant()).keys(), account));
        model.put("error", error);
        model.put("baseUrl", Pages.baseUrl(request));
        if (created != null) {
            model.put("created", Map.of("name", created.key().name(), "secret", created.secret()));
        }
        return model;
    }

    private static List<Map<String, Object>> rows(List<Usage.KeyUsage> keys, Account account) {
        return keys.stream().map(key -> {
            Map<String, Object> row = new HashMap<>();
            row.put("id", key.id());
            row.put("name", key.name() == null ? "(unnamed)" : key.name());
            row.put("start", key.start());
            row.put("tier", account.tier().wireName());
            row.put("created", Pages.time(key.createdAt()));
            row.put("lastUsed", key.lastUsedAt() == null ? "never" : Pages.time(key.lastUsedAt()));
            row.put("revoked", key.revokedAt() == null ? null : Pages.time(key.revokedAt()));
            return row;
        }).toList();
    }
}
