package domainintel.alerts.api;

import domainintel.alerts.WebhookProperties;
import domainintel.alerts.AlertPayload;
import domainintel.alerts.DeliveryMessage;
import domainintel.alerts.DeliveryStatus;
import domainintel.alerts.EventIds;
import domainintel.alerts.EventType;
import domainintel.alerts.Webhook;
import domainintel.alerts.outbound.TargetGuard;
import domainintel.alerts.outbound.WebhookSigner;
import domainintel.alerts.relay.AlertRelay;
import domainintel.alerts.store.DeliveryLog;
import domainintel.alerts.store.DeliveryView;
import domainintel.alerts.store.WebhookRepository;
import domainintel.access.ApiKeySecrets;
import domainintel.access.Caller;
import domainintel.access.RequiresTier;
import domainintel.access.Tier;
import domainintel.contract.Rejection;
import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import domainintel.contract.ErrorCode;
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
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Webhooks of the caller's account (owner): register, list, show, delete, test, delivery log. Enterprise only. */
@Controller
@RequiresTier(Tier.ENTERPRISE)
public class WebhooksController {
    static final int DELIVERIES_SHOWN = 100;

    private final WebhookRepository webhooks;
    private final TargetGuard guard;
    private final DeliveryLog log;
    private final AlertRelay relay;
    private final JsonMapper json;
    private final Clock clock;
    private final int maxPerOwner;

    public WebhooksController(WebhookRepository webhooks, TargetGuard guard, DeliveryLog log, AlertRelay relay,
                              JsonMapper json, Clock clock, WebhookProperties properties) {
        this.webhooks = webhooks;
        this.guard = guard;
        this.log = log;
        this.relay = relay;
        this.json = json;
        this.clock = clock;
        this.maxPerOwner = properties.maxPerOwner();
    }

    @Post(ApiPaths.V1 + "/webhooks")
    @Consumes(MediaType.APPLICATION_JSON)
    public HttpResponse<ApiResponse> register(HttpRequest<?> request, @Body String body) {
        Caller caller = Caller.of(request);
        WebhookRegistration registration = WebhookRegistration.parse(readJson(body));
        guard.checkUrl(registration.url());
        String secret = WebhookSigner.newSecret();
        Webhook webhook = new Webhook("wh_" + ApiKeySecrets.randomBase62(20), caller.owner(), registration.url(),
                registration.events(), registration.filters(), clock.instant().truncatedTo(ChronoUnit.MILLIS), false, null);
        if (!webhooks.create(webhook, secret, maxPerOwner)) {
            throw Rejection.invalidRequest("This account already has " + maxPerOwner + " webhooks, the most it may have; delete one first.");
        }
        return HttpResponse.status(HttpStatus.CREATED).body(ApiResponse.ok(Map.of("webhook", WebhookView.withSecret(webhook, secret))));
    }

    @Get(ApiPaths.V1 + "/webhooks")
    public ApiResponse list(HttpRequest<?> request) {
        List<WebhookView> views = webhooks.list(Caller.of(request).owner()).stream().map(WebhookView::of).toList();
        return ApiResponse.ok(Map.of("webhooks", views));
    }

    @Get(ApiPaths.V1 + "/webhooks/{id}")
    public ApiResponse show(HttpRequest<?> request, String id) {
        return ApiResponse.ok(Map.of("webhook", WebhookView.of(owned(request, id))));
    }

    @Delete(ApiPaths.V1 + "/webhooks/{id}")
    public ApiResponse delete(HttpRequest<?> request, String id) {
        if (!webhooks.delete(Caller.of(request).owner(), id)) {
            throw notFound(id);
        }
        return ApiResponse.ok(Map.of("deleted", true, "id", id));
    }

    /** Queues a {@code webhook.test} event to this webhook, delivered (and retried) like any alert. */
    @Post(ApiPaths.V1 + "/webhooks/{id}/test")
    public HttpResponse<ApiResponse> test(HttpRequest<?> request, String id) {
        Webhook webhook = owned(request, id);
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        String eventId = EventIds.next(now);
        String payload = relay.payload(new AlertPayload(EventType.TEST.wireName(), now.toString(),
                new AlertPayload.TestData(webhook.id(), "Test event from the Domain Intelligence API.")));
        DeliveryMessage message = DeliveryMessage.of(webhook.owner(), webhook.id(), eventId, EventType.TEST.wireName(), payload);
        relay.enqueue(List.of(message));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("eventId", eventId);
        data.put("messageId", message.messageId());
        data.put("type", EventType.TEST.wireName());
        data.put("status", DeliveryStatus.PENDING);
        return HttpResponse.status(HttpStatus.ACCEPTED).body(ApiResponse.ok(Map.of("delivery", data)));
    }

    /** The delivery log; still readable after the webhook is deleted, so its deliveries' outcomes can be checked. */
    @Get(ApiPaths.V1 + "/webhooks/{id}/deliveries")
    public ApiResponse deliveries(HttpRequest<?> request, String id) {
        String owner = Caller.of(request).owner();
        List<DeliveryView> deliveries = log.recentOf(owner, id, DELIVERIES_SHOWN);
        if (deliveries.isEmpty() && webhooks.find(owner, id).isEmpty()) {
            throw notFound(id);
        }
        return ApiResponse.ok(Map.of("deliveries", deliveries));
    }

    private Webhook owned(HttpRequest<?> request, String id) {
        return webhooks.find(Caller.of(request).owner(), id).orElseThrow(() -> notFound(id));
    }

    private static Rejection notFound(String id) {
        return new Rejection(ErrorCode.WEBHOOK_NOT_FOUND, "No webhook '" + id + "' for this account.");
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
