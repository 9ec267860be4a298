package domainintel.catalogue;

import domainintel.support.Api;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The catalogue's behaviour, run against each database it supports (H2 locally, PostgreSQL in CI):
 * every filter, sort and page rule, admin upserts with price history, and CSV import.
 */
abstract class CatalogueContract {
    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    PriceChangeRepository priceChanges;
    Api api;
    String key;

    /** A small marked set of listings whose every expected answer is known by construction. */
    @BeforeAll
    void createKnownListings() {
        api = new Api(server.getURI(), json);
        key = api.createKey("enterprise", null);
        put("zqxalpha.com", "{\"price\":100,\"category\":\"technology\"}", 201);
        put("zqxbeta.net", "{\"price\":5000,\"category\":\"finance\"}", 201);
        put("zqx-gamma.com", "{\"price\":250,\"category\":\"technology\"}", 201);
        put("zqx9delta.io", "{\"price\":250}", 201);
        put("ZQXEpsilon.co.uk.", "{\"price\":999,\"category\":\"travel\",\"status\":\"pending\"}", 201);
    }

    private Api.Reply put(String domain, String body, int expectedStatus) {
        var reply = api.send("PUT", "/admin/v1/domains/" + domain, Api.ADMIN_TOKEN, "application/json", body);
        assertEquals(expectedStatus, reply.status(), reply.raw().body());
        return reply;
    }

    private List<String> names(String query) {
        var reply = api.get("/api/v1/domains?" + query, key);
        assertEquals(200, reply.status(), reply.raw().body());
        List<String> names = new ArrayList<>();
        for (JsonNode d : reply.data().get("domains").values()) {
            names.add(d.get("name").getStringValue());
        }
        return names;
    }

    private long total(String query) {
        return api.get("/api/v1/domains?" + query, key).data().get("meta").get("total").getLongValue();
    }

    @Test
    void listingHasTheContractFields() {
        var reply = api.get("/api/v1/domains?q=zqxalpha", key);
        JsonNode d = reply.data().get("domains").get(0);
        assertEquals("zqxalpha.com", d.get("name").getStringValue());
        assertEquals("com", d.get("tld").getStringValue());
        assertEquals(8, d.get("length").getIntValue());
        assertEquals(100, d.get("price").getLongValue());
        assertEquals("USD", d.get("currency").getStringValue());
        assertEquals("technology", d.get("category").getStringValue());
        assertEquals("available", d.get("status").getStringValue());
        assertTrue(d.get("listedAt").getStringValue().endsWith("Z"));
        JsonNode meta = reply.data().get("meta");
        assertEquals(1, meta.get("total").getLongValue());
        assertEquals(1, meta.get("page").getIntValue());
        assertEquals(20, meta.get("perPage").getIntValue());
    }

    @Test
    void namesAreNormalised() {
        assertEquals(List.of("zqxepsilon.co.uk"), names("q=zqxepsilon"));
        assertEquals(List.of("zqxepsilon.co.uk"), names("q=zqx&tld=co.uk"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "q=zqx&sort=price            | zqxalpha.com,zqx-gamma.com,zqx9delta.io,zqxepsilon.co.uk,zqxbeta.net",
            "q=zqx&sort=-price           | zqxbeta.net,zqxepsilon.co.uk,zqx-gamma.com,zqx9delta.io,zqxalpha.com",
            "q=zqx&sort=name             | zqx-gamma.com,zqx9delta.io,zqxalpha.com,zqxbeta.net,zqxepsilon.co.uk",
            "q=zqx&sort=-name            | zqxepsilon.co.uk,zqxbeta.net,zqxalpha.com,zqx9delta.io,zqx-gamma.com",
            "q=zqx&sort=length           | zqxbeta,zqxalpha.com,zqx-gamma.com,zqx9delta.io,zqxepsilon.co.uk",
            "q=zqx&sort=-length          | zqxepsilon.co.uk,zqx-gamma.com,zqx9delta.io,zqxalpha.com,zqxbeta.net",
            "q=zqx&tld=com               | zqx-gamma.com,zqxalpha.com",
            "q=zqx&tld=.COM              | zqx-gamma.com,zqxalpha.com",
            "q=zqx&tld=com.              | zqx-gamma.com,zqxalpha.com",
            "q=zqx&tld=%D1%80%D0%A4      | ''",
            "q=zqx&category=technology   | zqx-gamma.com,zqxalpha.com",
            "q=zqx&hasDigits=true        | zqx9delta.io",
            "q=zqx&hasHyphen=true        | zqx-gamma.com",
            "q=zqx&hasDigits=false&hasHyphen=false | zqxalpha.com,zqxbeta.net,zqxepsilon.co.uk",
            "q=zqx&minPrice=250&maxPrice=999 | zqx-gamma.com,zqx9delta.io,zqxepsilon.co.uk",
            "q=zqx&minLength=9           | zqx-gamma.com,zqx9delta.io,zqxepsilon.co.uk",
            "q=zqx&maxLength=7           | zqxbeta.net",
            "q=zqx&sort=price&perPage=2&page=2 | zqx9delta.io,zqxepsilon.co.uk",
            "q=zqx&sort=price&perPage=2&page=3 | zqxbeta.net",
            "q=zqx&perPage=2&page=4      | ''",
    })
    void filtersSortsAndPages(String query, String expected) {
        List<String> want = expected.isEmpty() ? List.of() : List.of(expected.split(","));
        if (query.equals("q=zqx&sort=length")) {
            // zqxbeta (7) first, then the 8s by name, then 9s by name, then zqxepsilon (10)
            want = List.of("zqxbeta.net", "zqxalpha.com", "zqx-gamma.com", "zqx9delta.io", "zqxepsilon.co.uk");
        }
        assertEquals(want, names(query));
    }

    @Test
    void demoCatalogueIsThereAndFiltersHoldOnIt() {
        long all = total("perPage=1");
        assertTrue(all >= 3000, "demo catalogue loaded: " + all);
        for (JsonNode d : api.get("/api/v1/domains?tld=com&minPrice=1000&perPage=100&sort=-listedAt", key).data().get("domains").values()) {
            assertEquals("com", d.get("tld").getStringValue());
            assertTrue(d.get("price").getLongValue() >= 1000);
        }
        assertEquals(all, total("perPage=1&hasDigits=true") + total("perPage=1&hasDigits=false"));
    }

    @ParameterizedTest
    @CsvSource({"perPage=0,perPage", "perPage=101,perPage", "page=0,page", "page=x,page", "minPrice=-1,minPrice",
            "maxLength=abc,maxLength", "hasDigits=yes,hasDigits", "sort=popularity,sort", "category=weapons,category",
            "q=a%25b,q", "minPrice=10&maxPrice=5,minPrice", "tld=c_m,tld", "tld=zzzz,tld", "tld=foo.com,tld", "page=1&page=2,page", "q=,q"})
    void badParametersAre400NamingTheParameter(String query, String parameter) {
        var reply = api.get("/api/v1/domains?" + query, key);
        assertEquals(400, reply.status(), reply.raw().body());
        assertEquals("invalid_request", reply.errorCode());
        assertTrue(reply.body().get("error").get("message").getStringValue().contains("'" + parameter + "'"),
                reply.body().get("error").get("message").getStringValue());
    }

    @Test
    void anOverlongQueryIsRefusedForItsLength() {
        var reply = api.get("/api/v1/domains?q=" + "a".repeat(254), key);
        assertEquals(400, reply.status(), reply.raw().body());
        String message = reply.body().get("error").get("message").getStringValue();
        assertTrue(message.contains("'q'") && message.contains("253"), message);
    }

    @Test
    void upsertKeepsOmittedFieldsAndRecordsEveryPrice() {
        put("zqxhistory.com", "{\"price\":1000,\"category\":\"finance\"}", 201);
        var updated = put("zqxhistory.com", "{\"price\":800}", 200);
        assertEquals(800, updated.data().get("domain").get("price").getLongValue());
        assertEquals("finance", updated.data().get("domain").get("category").getStringValue());
        put("zqxhistory.com", "{\"status\":\"sold\"}", 200);
        var history = priceChanges.history("zqxhistory.com");
        assertEquals(2, history.size());
        assertNull(history.get(0).oldPrice());
        assertEquals(1000L, history.get(1).oldPrice());
        assertEquals(800L, history.get(1).newPrice());
    }

    @Test
    void upsertRejectsBadInput() {
        assertEquals("invalid_domain", put("not%20a%20domain", "{\"price\":1}", 400).errorCode());
        assertEquals("invalid_domain", put("www.example.com", "{\"price\":1}", 400).errorCode());
        assertEquals("invalid_request", put("zqxnoprice.com", "{\"category\":\"finance\"}", 400).errorCode());
        assertEquals("invalid_request", put("zqxnoprice.com", "{\"price\":0}", 400).errorCode());
        assertEquals("invalid_request", put("zqxnoprice.com", "{\"price\":10,\"status\":\"gone\"}", 400).errorCode());
        assertEquals(0, total("q=zqxnoprice"));
    }

    @Test
    void csvImportReportsRejectedRowsAndKeepsGoodOnes() {
        String csv = "domain,price,category\nzqximport1.com,1200,technology\nbad domain,5,\nzqximport2.org,abc,\nzqximport3.net,300,\n";
        var reply = api.send("POST", "/admin/v1/domains/import", Api.ADMIN_TOKEN, "text/csv", csv);
        assertEquals(200, reply.status(), reply.raw().body());
        JsonNode report = reply.data().get("import");
        assertEquals(4, report.get("rows").getLongValue());
        assertEquals(2, report.get("created").getLongValue());
        assertEquals(2, report.get("rejected").getLongValue());
        assertEquals(3, report.get("rejections").get(0).get("line").getLongValue());
        assertEquals(4, report.get("rejections").get(1).get("line").getLongValue());
        assertEquals(List.of("zqximport1.com", "zqximport3.net"), names("q=zqximport"));
    }
}
