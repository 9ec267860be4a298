package domainintel.alerts.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import domainintel.alerts.DeliveryStatus;
import domainintel.alerts.EventType;
import domainintel.alerts.WebhookService;
import domainintel.alerts.store.DeliveryView;
import domainintel.access.Caller;
import domainintel.access.RequiresTier;
import domainintel.access.Tier;
import domainintel.contract.Rejection;
import domainintel.web.ApiDocs;
import domainintel.web.KeyedOperations;
import domainintel.web.ApiPaths;
import domainintel.web.ExactJsonTree;
import domainintel.web.MalformedJson;
import domainintel.web.ApiResponse;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.extensions.Extension;
import io.swagger.v3.oas.annotations.extensions.ExtensionProperty;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Status;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.io.IOException;
import java.util.List;

/** Webhooks of the caller's account (owner): register, list, show, delete, test, delivery log. Enterprise only. */
@Controller
@RequiresTier(Tier.ENTERPRISE)
@Tag(name = "Webhooks")
@io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "403", ref = ApiDocs.FORBIDDEN)
@io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "429", ref = ApiDocs.TOO_MANY_REQUESTS)
@KeyedOperations
public class WebhooksController {
    private final WebhookService webhooks;
    private final JsonMapper json;

    public WebhooksController(WebhookService webhooks, JsonMapper json) {
        this.webhooks = webhooks;
        this.json = json;
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record WebhookResult(WebhookView webhook) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record WebhookList(List<WebhookView> webhooks) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Deleted(boolean deleted, String id) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record TestDelivery(QueuedDelivery delivery) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record QueuedDelivery(String eventId, String messageId, String type, DeliveryStatus status) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Deliveries(List<DeliveryView> deliveries) {
    }

    @Post(ApiPaths.V1 + "/webhooks")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "registerWebhook", summary = "Register a webhook",
            description = "The `secret` that signs the alerts is in this answer only. At most 25 webhooks an account.",
            extensions = @Extension(properties = @ExtensionProperty(name = ApiDocs.TIER, value = "enterprise")))
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = WebhookRegistration.class)))
    @Status(HttpStatus.CREATED) // the spec's success code; the answer sets it itself
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "201", description = "Registered; `secret` shown once.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "400", ref = ApiDocs.BAD_REQUEST)
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "415", ref = ApiDocs.UNSUPPORTED_MEDIA_TYPE)
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "413", ref = ApiDocs.PAYLOAD_TOO_LARGE)
    public HttpResponse<ApiResponse<WebhookResult>> register(@Parameter(hidden = true) Caller caller, @Parameter(hidden = true) @Body String body) {
        WebhookRegistration registration = WebhookRegistration.parse(readJson(body));
        WebhookService.Registered registered = webhooks.register(caller.owner(), registration.url(),
                registration.events(), registration.filters());
        return HttpResponse.status(HttpStatus.CREATED).body(ApiResponse.ok(new WebhookResult(
                WebhookView.withSecret(registered.webhook(), registered.secret()))));
    }

    @Get(ApiPaths.V1 + "/webhooks")
    @Operation(operationId = "listWebhooks", summary = "The account's webhooks",
            extensions = @Extension(properties = @ExtensionProperty(name = ApiDocs.TIER, value = "enterprise")))
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "The webhooks, without secrets.")
    public ApiResponse<WebhookList> list(@Parameter(hidden = true) Caller caller) {
        return ApiResponse.ok(new WebhookList(webhooks.list(caller.owner()).stream().map(WebhookView::of).toList()));
    }

    @Get(ApiPaths.V1 + "/webhooks/{id}")
    @Operation(operationId = "getWebhook", summary = "One webhook",
            extensions = @Extension(properties = @ExtensionProperty(name = ApiDocs.TIER, value = "enterprise")))
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "The webhook, without its secret.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "404", ref = ApiDocs.NOT_FOUND)
    public ApiResponse<WebhookResult> show(@Parameter(hidden = true) Caller caller, String id) {
        return ApiResponse.ok(new WebhookResult(WebhookView.of(webhooks.get(caller.owner(), id))));
    }

    @Delete(ApiPaths.V1 + "/webhooks/{id}")
    @Operation(operationId = "deleteWebhook", summary = "Delete a webhook",
            extensions = @Extension(properties = @ExtensionProperty(name = ApiDocs.TIER, value = "enterprise")))
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "Deleted.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "404", ref = ApiDocs.NOT_FOUND)
    public ApiResponse<Deleted> delete(@Parameter(hidden = true) Caller caller, String id) {
        webhooks.delete(caller.owner(), id);
        return ApiResponse.ok(new Deleted(true, id));
    }

    /** Queues a {@code webhook.test} event to this webhook, delivered (and retried) like any alert. */
    @Post(ApiPaths.V1 + "/webhooks/{id}/test")
    @Operation(operationId = "testWebhook", summary = "Send a test event",
            description = "Queues a `webhook.test` event to this webhook, delivered (and retried) like any alert.",
            extensions = @Extension(properties = @ExtensionProperty(name = ApiDocs.TIER, value = "enterprise")))
    @Status(HttpStatus.ACCEPTED) // the spec's success code; the answer sets it itself
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "202", description = "Queued.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "404", ref = ApiDocs.NOT_FOUND)
    public HttpResponse<ApiResponse<TestDelivery>> test(@Parameter(hidden = true) Caller caller, String id) {
        WebhookService.QueuedTest queued = webhooks.sendTest(caller.owner(), id);
        return HttpResponse.status(HttpStatus.ACCEPTED).body(ApiResponse.ok(new TestDelivery(
                new QueuedDelivery(queued.eventId(), queued.messageId(), EventType.TEST.wireName(), DeliveryStatus.PENDING))));
    }

    /** The delivery log; still readable after the webhook is deleted, so its deliveries' outcomes can be checked. */
    @Get(ApiPaths.V1 + "/webhooks/{id}/deliveries")
    @Operation(operationId = "listWebhookDeliveries", summary = "The webhook's latest deliveries",
            description = "The last 100 deliveries, newest first, each with its attempts; still readable after the webhook is deleted.",
            extensions = @Extension(properties = @ExtensionProperty(name = ApiDocs.TIER, value = "enterprise")))
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "The delivery log.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "404", ref = ApiDocs.NOT_FOUND)
    public ApiResponse<Deliveries> deliveries(@Parameter(hidden = true) Caller caller, String id) {
        return ApiResponse.ok(new Deliveries(webhooks.deliveries(caller.owner(), id)));
    }

    private JsonNode readJson(String body) {
        if (body == null || body.isBlank()) {
            throw Rejection.invalidRequest("A JSON body with 'url' and 'events' is required.");
        }
        try {
            return ExactJsonTree.read(json, body);
        } catch (IOException e) {
            throw Rejection.invalidRequest(MalformedJson.message(e));
        }
    }
}
