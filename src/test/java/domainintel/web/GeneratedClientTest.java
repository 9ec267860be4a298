package domainintel.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import domainintel.client.ApiClient;
import domainintel.client.ApiException;
import domainintel.client.api.AdminApi;
import domainintel.client.api.DomainsApi;
import domainintel.client.api.MarketApi;
import domainintel.client.api.UsageApi;
import domainintel.client.api.ValuationsApi;
import domainintel.client.model.AdminKeyControllerCreateKeyRequest;
import domainintel.client.model.ApiResponseDomainsControllerDomainsPage;
import domainintel.client.model.ErrorResponse;
import domainintel.client.model.ListingUpdate;
import domainintel.client.model.ListingView;
import domainintel.client.model.Tier;
import domainintel.client.model.ValuationRequest;
import domainintel.support.Api;
import domainintel.support.TempDataDir;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The spec is usable by a real client: the Java client that openapi-generator builds from the served
 * spec during the build (pom.xml, {@code domainintel.client}, never edited by hand) drives the real
 * server over HTTP: an operator creates a key and lists a domain, the key finds and values it, and the
 * client's own models read the error envelope and quota of refusals. (The exhausted quota's 429 is
 * AccessTest's: 500 calls are too slow a price for proving the same envelope twice.)
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GeneratedClientTest implements TempDataDir {
    @Inject
    EmbeddedServer server;
    /** A client of the generated code, sending {@code bearer} as the spec's security schemes say. */
    private ApiClient client(String bearer) {
        ApiClient client = anonymousClient();
        client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + bearer));
        return client;
    }

    private ApiClient anonymousClient() {
        ApiClient client = new ApiClient();
        client.updateBaseUri(server.getURI().toString());
        return client;
    }

    private String createKey(AdminKeyControllerCreateKeyRequest.TierEnum tier) throws ApiException {
        var created = new AdminApi(client(Api.ADMIN_TOKEN)).createApiKey(
                new AdminKeyControllerCreateKeyRequest().tier(tier).name("generated client"));
        assertTrue(created.getSuccess());
        assertEquals(tier.getValue(), created.getData().getApiKey().getTier().getValue());
        return created.getData().getKey();
    }

    @Test
    void anOperatorCreatesAKeyThatListsAndValuesDomains() throws ApiException {
        var admin = new AdminApi(client(Api.ADMIN_TOKEN));
        var listed = admin.upsertListing("clientcheck.com", new ListingUpdate().price(12_500L).category("technology"));
        assertEquals("clientcheck.com", listed.getData().getDomain().getName());

        String key = createKey(AdminKeyControllerCreateKeyRequest.TierEnum.SOVEREIGN);
        ApiClient keyed = client(key);

        ApiResponseDomainsControllerDomainsPage page = new DomainsApi(keyed)
                .listDomains("clientcheck", null, null, null, null, null, null, null, null, null, 1, 10);
        assertTrue(page.getSuccess());
        ListingView found = page.getData().getDomains().get(0);
        assertEquals("clientcheck.com", found.getName());
        assertEquals(12_500L, found.getPrice());
        assertEquals(1L, page.getData().getMeta().getTotal());
        assertEquals(500L, page.getRateLimit().getLimit());
        assertEquals(499L, page.getRateLimit().getRemaining());

        var valued = new ValuationsApi(keyed).valueDomain(new ValuationRequest().domain("clientcheck.com")).getData().getValuation();
        assertEquals("clientcheck.com", valued.getDomain());
        assertTrue(valued.getValue() > 0, "value " + valued.getValue());
        assertTrue(valued.getRange().getLow() <= valued.getValue() && valued.getValue() <= valued.getRange().getHigh());
        assertFalse(valued.getDrivers().isEmpty());

        var usage = new UsageApi(keyed).getUsage().getData().getUsage();
        assertEquals(Tier.SOVEREIGN, usage.getTier(), "the spec names the tiers");
    }

    @Test
    void theClientReadsRefusalsAsTheErrorEnvelope() throws Exception {
        String key = createKey(AdminKeyControllerCreateKeyRequest.TierEnum.SOVEREIGN);
        ApiClient keyed = client(key);

        var invalid = assertThrows(ApiException.class, () -> new ValuationsApi(keyed).valueDomain(new ValuationRequest().domain("not a domain")));
        assertEquals(400, invalid.getCode());
        ErrorResponse invalidBody = envelope(keyed, invalid);
        assertFalse(invalidBody.getSuccess().getValue());
        assertEquals("invalid_domain", invalidBody.getError().getCode());
        assertNotNull(invalidBody.getError().getRequestId());
        assertEquals(invalid.getResponseHeaders().firstValue("X-Request-Id").orElseThrow(), invalidBody.getError().getRequestId());
        assertEquals(499L, invalidBody.getRateLimit().getRemaining(), "a validation error counts");

        var tier = assertThrows(ApiException.class, () -> new MarketApi(keyed).getMarketTrends(null, null, null, null, null, null));
        assertEquals(403, tier.getCode());
        assertEquals("insufficient_tier", envelope(keyed, tier).getError().getCode());

        var noKey = assertThrows(ApiException.class, () -> new DomainsApi(anonymousClient())
                .listDomains(null, null, null, null, null, null, null, null, null, null, null, null));
        assertEquals(401, noKey.getCode());
        assertEquals("missing_api_key", envelope(keyed, noKey).getError().getCode());
    }

    /** The refusal's body, read by the generated client's own mapper into the generated model. */
    private static ErrorResponse envelope(ApiClient client, ApiException refusal) throws IOException {
        ObjectMapper mapper = client.getObjectMapper();
        return mapper.readValue(refusal.getResponseBody(), ErrorResponse.class);
    }
}
