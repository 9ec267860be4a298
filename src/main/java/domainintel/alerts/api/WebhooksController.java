package domainintel.alerts.api;

import domainintel.alerts.DeliveryStatus;
import domainintel.alerts.EventType;
import domainintel.alerts.WebhookService;
import domainintel.access.Caller;
import domainintel.access.RequiresTier;
import domainintel.access.Tier;
import domainintel.contract.Rejection;
import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Webhooks of the caller's account (owner): register, list, show, delete, test, delivery log. Enterprise only. */
@Controller
@RequiresTier(Tier.ENTERPRISE)
public class WebhooksController {
    private final WebhookService webhooks;
    private final JsonMapper json;

    public WebhooksController(WebhookService webhooks, JsonMapper json) {
        this.webhooks = webhooks;
        this.json = json;
    }

    @Post(ApiPaths.V1 + "/webhooks")
    @Consumes(MediaType.APPLICATION_JSON)
    public HttpResponse<ApiResponse> register(HttpRequest<?> request, @Body String body) {
        WebhookRegistration registration = WebhookRegistration.parse(readJson(body));
        WebhookService.Registered registered = webhooks.register(Caller.of(request).owner(), registration.url(),
                registration.events(), registration.filters());
        return HttpResponse.status(HttpStatus.CREATED).body(ApiResponse.ok(Map.of("webhook",
                WebhookView.withSecret(registered.webhook(), registered.secret()))));
    }

    @Get(ApiPaths.V1 + "/webhooks")
    public ApiResponse list(HttpRequest<?> request) {
        List<WebhookView> views = webhooks.list(Caller.of(request).owner()).stream().map(WebhookView::of).toList();
        return ApiResponse.ok(Map.of("webhooks", views));
    }

    @Get(ApiPaths.V1 + "/webhooks/{id}")
    public ApiResponse show(HttpRequest<?> request, String id) {
        return ApiResponse.ok(Map.of("webhook", WebhookView.of(webhooks.get(Caller.of(request).owner(), id))));
    }

    @Delete(ApiPaths.V1 + "/webhooks/{id}")
    public ApiResponse delete(HttpRequest<?> request, String id) {
        webhooks.delete(Caller.of(request).owner(), id);
        return ApiResponse.ok(Map.of("deleted", true, "id", id));
    }

    /** Queues a {@code webhook.test} event to this webhook, delivered (and retried) like any alert. */
    @Post(ApiPaths.V1 + "/webhooks/{id}/test")
    public HttpResponse<ApiResponse> test(HttpRequest<?> request, String id) {
        WebhookService.QueuedTest queued = webhooks.sendTest(Caller.of(request).owner(), id);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("eventId", queued.eventId());
        data.put("messageId", queued.messageId());
        data.put("type", EventType.TEST.wireName());
        data.put("status", DeliveryStatus.PENDING);
        return HttpResponse.status(HttpStatus.ACCEPTED).body(ApiResponse.ok(Map.of("delivery", data)));
    }

    /** The delivery log; still readable after the webhook is deleted, so its deliveries' outcomes can be checked. */
    @Get(ApiPaths.V1 + "/webhooks/{id}/deliveries")
    public ApiResponse deliveries(HttpRequest<?> request, String id) {
        return ApiResponse.ok(Map.of("deliveries", webhooks.deliveries(Caller.of(request).owner(), id)));
    }

    private JsonNode readJson(String body) {
        if (body == null || body.isBlank()) {
            throw Rejection.invalidRequest("A JSON body with 'url' and 'events' is required.");
        }
        try {
            return json.readValue(body, JsonNode.class);
        } catch (IOException e) {
            throw Rejection.invalidRequest("The body is not valid JSON.");
        }
    }
}
