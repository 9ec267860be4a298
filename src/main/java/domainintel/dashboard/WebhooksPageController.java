package domainintel.dashboard;

import domainintel.access.Tier;
import domainintel.accounts.Account;
import domainintel.alerts.DeliveryStatus;
import domainintel.alerts.EventType;
import domainintel.alerts.Webhook;
import domainintel.alerts.WebhookFilters;
import domainintel.alerts.WebhookService;
import domainintel.alerts.api.WebhookRegistration;
import domainintel.alerts.store.DeliveryView;
import domainintel.contract.Rejection;
import domainintel.names.CategoryTaxonomy;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Produces;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.views.ModelAndView;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The account's webhooks (Enterprise): register (secret shown once), list, delete, send a test
 * event, and each one's delivery log. Everything goes through {@link WebhookService} with the
 * account's owner, as the API does with any of the account's keys, so both see the same webhooks.
 */
@Controller(Dashboard.PATH + "/webhooks")
@Produces(MediaType.TEXT_HTML)
@ExecuteOn(TaskExecutors.BLOCKING)
public class WebhooksPageController {
    private final WebhookService webhooks;
    private final Pages pages;

    public WebhooksPageController(WebhookService webhooks, Pages pages) {
        this.webhooks = webhooks;
        this.pages = pages;
    }

    @Get
    public ModelAndView<Map<String, Object>> page(HttpRequest<?> request) {
        Account account = Pages.account(request);
        Map<String, Object> model = new HashMap<>();
        model.put("eventTypes", EventType.subscribable());
        model.put("categories", CategoryTaxonomy.categories());
        if (enterprise(account)) {
            model.putAll(panel(account, new Outcome()));
        }
        return pages.page("dashboard/webhooks", "webhooks", request, model);
    }

    @Post(consumes = MediaType.APPLICATION_FORM_URLENCODED)
    public HttpResponse<ModelAndView<Map<String, Object>>> create(@Body String body, HttpRequest<?> request) {
        return change(request, (account, outcome) -> {
            WebhookRegistration registration = WebhookRegistration.parse(WebhookForm.toRegistration(WebhookForm.decode(body)));
            outcome.created = webhooks.register(account.owner(), registration.url(), registration.events(), registration.filters());
        });
    }

    @Post(value = "/{id}/delete", consumes = MediaType.APPLICATION_FORM_URLENCODED)
    public HttpResponse<ModelAndView<Map<String, Object>>> delete(String id, HttpRequest<?> request) {
        return change(request, (account, outcome) -> {
            webhooks.delete(account.owner(), id);
            outcome.notice = "Webhook deleted. Its deliveries stay readable through the API for 30 days.";
        });
    }

    @Post(value = "/{id}/test", consumes = MediaType.APPLICATION_FORM_URLENCODED)
    public HttpResponse<ModelAndView<Map<String, Object>>> test(String id, HttpRequest<?> request) {
        return change(request, (account, outcome) -> {
            webhooks.sendTest(account.owner(), id);
            outcome.notice = "Test event queued: it appears in the delivery log below.";
            outcome.openLog = id;
        });
    }

    /** Runs a state change for an Enterprise account and answers with the panel: what it did, or why it was refused. */
    private HttpResponse<ModelAndView<Map<String, Object>>> change(HttpRequest<?> request, BiConsumer<Account, Outcome> action) {
        Account account = Pages.account(request);
        if (!enterprise(account)) {
            return enterpriseOnly();
        }
        Outcome outcome = new Outcome();
        try {
            action.accept(account, outcome);
        } catch (Rejection refused) {
            outcome.error = refused.getMessage();
        }
        return HttpResponse.ok(panelView(account, outcome));
    }

    /** One webhook's delivery log, as a fragment the page loads (and reloads while a delivery is pending). */
    @Get("/{id}/deliveries")
    public HttpResponse<ModelAndView<Map<String, Object>>> deliveries(String id, HttpRequest<?> request) {
        Account account = Pages.account(request);
        if (!enterprise(account)) {
            return enterpriseOnly();
        }
        try {
            return HttpResponse.ok(Pages.fragment("dashboard/webhook-log", log(account, id)));
        } catch (Rejection refused) {
            return HttpResponse.<ModelAndView<Map<String, Object>>>status(HttpStatus.NOT_FOUND)
                    .body(Pages.fragment("dashboard/webhook-log", Map.of("webhookId", id, "missing", refused.getMessage())));
        }
    }

    /** What a state change did, for the panel it answers with. */
    private static final class Outcome {
        @Nullable WebhookService.Registered created;
        @Nullable String error;
        @Nullable String notice;
        @Nullable String openLog;
    }

    private static boolean enterprise(Account account) {
        return account.tier() == Tier.ENTERPRISE;
    }

    private static HttpResponse<ModelAndView<Map<String, Object>>> enterpriseOnly() {
        return HttpResponse.<ModelAndView<Map<String, Object>>>status(HttpStatus.FORBIDDEN)
                .body(Pages.fragment("dashboard/webhooks-panel", Map.of("error", "Webhooks are for Enterprise accounts.",
                        "webhooks", List.of())));
    }

    private ModelAndView<Map<String, Object>> panelView(Account account, Outcome outcome) {
        return Pages.fragment("dashboard/webhooks-panel", panel(account, outcome));
    }

    private Map<String, Object> panel(Account account, Outcome outcome) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Webhook webhook : webhooks.list(account.owner())) {
            Map<String, Object> row = new HashMap<>();
            row.put("id", webhook.id());
            row.put("url", webhook.url());
            row.put("events", String.join(", ", webhook.events()));
            row.put("filters", describe(webhook.filters()));
            row.put("status", webhook.disabled() ? Webhook.DISABLED : Webhook.ACTIVE);
            row.put("disabledReason", webhook.disabledReason());
            row.put("created", Pages.time(webhook.createdAt()));
            row.put("log", webhook.id().equals(outcome.openLog) ? log(account, webhook.id()) : null);
            rows.add(row);
        }
        Map<String, Object> model = new HashMap<>();
        model.put("webhooks", rows);
        model.put("error", outcome.error);
        model.put("notice", outcome.notice);
        if (outcome.created != null) {
            model.put("created", Map.of("url", outcome.created.webhook().url(), "secret", outcome.created.secret()));
        }
        return model;
    }

    private Map<String, Object> log(Account account, String id) {
        List<DeliveryView> deliveries = webhooks.deliveries(account.owner(), id);
        List<Map<String, Object>> rows = deliveries.stream().map(d -> {
            Map<String, Object> row = new HashMap<>();
            row.put("type", d.type());
            row.put("status", d.status().wireName());
            row.put("attempts", d.attempts());
            row.put("lastStatusCode", d.lastStatusCode() == null ? "—" : d.lastStatusCode().toString());
            row.put("lastError", d.lastError());
            row.put("nextAttemptAt", d.nextAttemptAt() == null ? "—" : Pages.timeToSecond(Instant.parse(d.nextAttemptAt())));
            row.put("created", Pages.timeToSecond(Instant.parse(d.createdAt())));
            return row;
        }).toList();
        Map<String, Object> model = new HashMap<>();
        model.put("webhookId", id);
        model.put("deliveries", rows);
        model.put("pending", deliveries.stream().anyMatch(d -> d.status() == DeliveryStatus.PENDING));
        return model;
    }

    /** The filters in a line people read; "every event" when there are none. */
    static String describe(WebhookFilters filters) {
        List<String> parts = new ArrayList<>();
        if (filters.domains() != null) {
            parts.add("domains " + String.join(", ", filters.domains()));
        }
        if (filters.tlds() != null) {
            parts.add("TLDs " + String.join(", ", filters.tlds()));
        }
        if (filters.categories() != null) {
            parts.add("categories " + String.join(", ", filters.categories()));
        }
        if (filters.maxPrice() != null) {
            parts.add("price ≤ $" + filters.maxPrice());
        }
        if (filters.minDropPercent() != null) {
            parts.add("drops ≥ " + filters.minDropPercent() + "%");
        }
        return parts.isEmpty() ? "none (every event)" : String.join("; ", parts);
    }
}
