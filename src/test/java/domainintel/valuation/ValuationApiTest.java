package domainintel.valuation;

import domainintel.names.Lexicon;
import domainintel.support.Api;
import domainintel.support.TempDataDir;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The three valuation endpoints through real HTTP: contract shapes, and one test per error. */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ValuationApiTest implements TempDataDir {
    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    Api api;
    String sovereign;
    String enterprise;

    @BeforeEach
    void setUp() {
        api = new Api(server.getURI(), json);
        if (sovereign == null) {
            sovereign = api.createKey("sovereign", null);
            enterprise = api.createKey("enterprise", null);
        }
    }

    @Test
    void singleValuationHasTheContractShape() {
        var reply = api.postJson("/api/v1/valuations", sovereign, "{\"domain\": \"CarInsurance.com.\"}");
        assertEquals(200, reply.status(), reply.raw().body());
        JsonNode v = reply.data().get("valuation");
        assertEquals("carinsurance.com", v.get("domain").getStringValue());
        assertEquals("USD", v.get("currency").getStringValue());
        long value = v.get("value").getLongValue();
        JsonNode range = v.get("range");
        assertTrue(range.get("low").getLongValue() <= value && value <= range.get("high").getLongValue());
        assertEquals(0.8, range.get("coverage").getDoubleValue());
        JsonNode wholesale = v.get("wholesale");
        assertTrue(wholesale.get("low").getLongValue() <= wholesale.get("value").getLongValue());
        assertTrue(wholesale.get("value").getLongValue() <= wholesale.get("high").getLongValue());
        assertTrue(wholesale.get("value").getLongValue() < value, "auction value below end-user value");
        double marketability = v.get("marketability").getDoubleValue();
        assertTrue(marketability > 0.5 && marketability <= 1, "a two-word commercial .com finds buyers: " + marketability);
        JsonNode drivers = v.get("drivers");
        assertTrue(drivers.size() > 0);
        assertTrue(drivers(v).anyMatch(d -> d.get("description")
                .getStringValue().startsWith("Reading as the phrase \"car insurance\", a term of its own in English, ")), drivers.toString());
        for (int i = 0; i < drivers.size(); i++) {
            assertFalse(drivers.get(i).get("description").getStringValue().isBlank());
            if (i > 0) {
                assertTrue(Math.abs(drivers.get(i - 1).get("effect").getDoubleValue()) >= Math.abs(drivers.get(i).get("effect").getDoubleValue()),
                        "drivers largest first");
            }
        }
        JsonNode comparables = v.get("comparables");
        assertEquals(5, comparables.size());
        for (JsonNode c : comparables.values()) {
            assertTrue(c.get("price").getLongValue() > 0);
            double similarity = c.get("similarity").getDoubleValue();
            assertTrue(similarity > 0 && similarity <= 1);
        }
        assertTrue(v.get("modelVersion").getStringValue().startsWith("gbm-"));
        assertNotNull(v.get("valuedAt").getStringValue());
    }

    @Test
    void aRandomStringIsValuedNearItsRegistrationCostAndSaysWhy() {
        var reply = api.postJson("/api/v1/valuations", sovereign, "{\"domain\": \"qzxvbkwp.com\"}");
        assertEquals(200, reply.status(), reply.raw().body());
        JsonNode v = reply.data().get("valuation");
        assertTrue(v.get("value").getLongValue() <= 150, v.toString());
        assertTrue(v.get("range").get("high").getLongValue() <= 1_000, v.toString());
        assertTrue(v.get("marketability").getDoubleValue() < 0.05, v.toString());
        JsonNode top = v.get("drivers").get(0);
        assertEquals("marketability", top.get("factor").getStringValue(), v.toString());
        assertTrue(top.get("effect").getDoubleValue() < 0);
    }

    /**
     * The coined-label ceiling as a client sees it: a .com of random letters, or of random runs hyphenated, is held
     * and says why; its .io twin is not held, nor a real name whose hyphens part words from a short piece.
     */
    @Test
    void aCoinedDotComIsHeldByTheCeilingAndSaysSo() {
        var reply = api.postJson("/api/v1/valuations/bulk", sovereign,
                "{\"domains\": [\"kjhqwe.com\", \"kjhqwe.io\", \"kjh-qwezx.com\", \"rock-n-roll.com\"]}");
        assertEquals(200, reply.status(), reply.raw().body());
        String held = "letters that spell no known word";
        for (JsonNode com : List.of(reply.data().get("valuations").get(0), reply.data().get("valuations").get(2))) {
            assertTrue(com.get("value").getLongValue() <= 500, com.toString());
            assertTrue(com.get("drivers").get(0).get("description").getStringValue().contains(held), com.toString());
        }
        for (JsonNode free : List.of(reply.data().get("valuations").get(1), reply.data().get("valuations").get(3))) {
            for (int i = 0; i < free.get("drivers").size(); i++) {
                assertFalse(free.get("drivers").get(i).get("description").getStringValue().contains(held), free.toString());
            }
        }
    }

    /**
     * A scarce short name as a client sees it: valued by what its class sold for (two-letter .coms sold at auction
     * for $609,000 to $1,250,000), and never lower to an end user than to an investor; where that rule lifts the
     * value (a word under .nl, whose retail sales are few), a driver says so. A two-digit .com, of a class nobody
     * bought, is valued as the three-digit ones (sold for $53,000 to $500,000) are, not below them.
     */
    @Test
    void aScarceShortNameIsValuedByItsClassAndNoValueIsBelowItsWholesale() {
        var reply = api.postJson("/api/v1/valuations/bulk", sovereign, "{\"domains\": [\"qk.com\", \"loan.nl\", \"88.com\"]}");
        assertEquals(200, reply.status(), reply.raw().body());
        JsonNode qk = reply.data().get("valuations").get(0);
        JsonNode loan = reply.data().get("valuations").get(1);
        JsonNode twoDigits = reply.data().get("valuations").get(2);
        assertTrue(twoDigits.get("wholesale").get("value").getLongValue() >= 100_000, twoDigits.toString());
        assertTrue(qk.get("wholesale").get("value").getLongValue() >= 100_000, qk.toString());
        assertTrue(drivers(qk).anyMatch(d -> d.get("factor").getStringValue().equals("length")
                && d.get("description").getStringValue().startsWith("At 2 characters, its length raises")), qk.toString());
        for (JsonNode v : List.of(qk, loan, twoDigits)) {
            assertTrue(v.get("value").getLongValue() >= v.get("wholesale").get("value").getLongValue(), v.toString());
        }
        assertTrue(drivers(loan).anyMatch(d -> d.get("factor").getStringValue().equals("wholesale-floor") && d.get("effect").getDoubleValue() > 0),
                loan.toString());
    }

    private static java.util.stream.Stream<JsonNode> drivers(JsonNode valuation) {
        return java.util.stream.StreamSupport.stream(valuation.get("drivers").values().spliterator(), false);
    }

    @Test
    void aLongRandomNumberHasNoMarketAPatternedOneKeepsOne() {
        // Short numbers trade as a class; eight random digits do not (the background's digit strings), but eight
        // of one digit are a pattern (the distinct-digits input), not one string of millions.
        var reply = api.postJson("/api/v1/valuations/bulk", sovereign, "{\"domains\": [\"58203917.com\", \"88888888.com\"]}");
        assertEquals(200, reply.status(), reply.raw().body());
        JsonNode random = reply.data().get("valuations").get(0);
        JsonNode pattern = reply.data().get("valuations").get(1);
        assertTrue(random.get("marketability").getDoubleValue() < 0.1, random.toString());
        assertTrue(random.get("value").getLongValue() <= 100, random.toString());
        assertTrue(pattern.get("value").getLongValue() >= 10 * random.get("value").getLongValue(), pattern + " against " + random);
    }

    @Test
    void comparablesShareTheNamesWords() {
        var reply = api.postJson("/api/v1/valuations", sovereign, "{\"domain\": \"cheapinsurance.net\"}");
        JsonNode first = reply.data().get("valuation").get("comparables").get(0);
        assertTrue(first.get("domain").getStringValue().contains("insurance") || first.get("domain").getStringValue().contains("cheap"),
                first.toString());
    }

    @Test
    void aOneWordNameNoSaleSharesIsComparedWithOneWordSalesAndEachSaleShowsOnce() {
        // No sold name has the word korea; koko.com's $1,000,000 sale is in a weekly report and the 2024 year-end chart.
        var reply = api.postJson("/api/v1/valuations/bulk", sovereign, "{\"domains\": [\"korea.com\", \"koko.com\"]}");
        assertEquals(200, reply.status(), reply.raw().body());
        var lexicon = new Lexicon();
        JsonNode korea = reply.data().get("valuations").get(0).get("comparables");
        assertEquals(5, korea.size(), korea.toString());
        for (JsonNode c : korea.values()) {
            String domain = c.get("domain").getStringValue();
            String label = domain.substring(0, domain.length() - ".com".length());
            assertTrue(domain.endsWith(".com") && label.chars().allMatch(Character::isLetter) && lexicon.isWord(label), korea.toString());
        }
        JsonNode koko = reply.data().get("valuations").get(1).get("comparables");
        int ownSale = 0;
        for (JsonNode c : koko.values()) {
            ownSale += c.get("domain").getStringValue().equals("koko.com") && c.get("price").getLongValue() == 1_000_000 ? 1 : 0;
        }
        assertEquals(1, ownSale, koko.toString());
    }

    @Test
    void aMisspellingTheWebWritesIsNeitherCalledAWordNorComparedWithWordsAsFrequent() {
        // bussiness is on the web's list but no English word: it was "Reading as the word \"bussiness\"", and its
        // comparables were one-word .com sales the web writes about as often (catalogo.com, gaetano.com, tesoro.com).
        var reply = api.postJson("/api/v1/valuations", sovereign, "{\"domain\": \"bussiness.com\"}");
        assertEquals(200, reply.status(), reply.raw().body());
        JsonNode valuation = reply.data().get("valuation");
        List<String> sentences = new ArrayList<>();
        valuation.get("drivers").values().forEach(d -> sentences.add(d.get("description").getStringValue()));
        assertTrue(sentences.stream().noneMatch(s -> s.contains("the word \"bussiness\"")), sentences.toString());
        assertTrue(sentences.stream().anyMatch(s -> s.startsWith("Reading as \"bussiness\", a string the web writes about")), sentences.toString());
        JsonNode comparables = valuation.get("comparables");
        assertEquals(5, comparables.size(), comparables.toString());
        for (JsonNode c : comparables.values()) {
            String domain = c.get("domain").getStringValue();
            String label = domain.substring(0, domain.indexOf('.'));
            // spelled alike: each shares a run of three letters with bussiness
            assertTrue(IntStream.range(0, label.length() - 2).anyMatch(i -> "bussiness".contains(label.substring(i, i + 3))), comparables.toString());
        }
    }

    @Test
    void lettersLeftOverCountAgainstAComparable() {
        // car2u.com and cari.com share "car" but are not all car: every top comparable shares the rarer "insurance".
        var reply = api.postJson("/api/v1/valuations", sovereign, "{\"domain\": \"carinsurance.com\"}");
        for (JsonNode c : reply.data().get("valuation").get("comparables").values()) {
            assertTrue(c.get("domain").getStringValue().contains("insurance"), c.toString());
        }
    }

    @Test
    void driverSentencesAgreeWithTheirEffect() {
        var reply = api.postJson("/api/v1/valuations/bulk", sovereign, "{\"domains\": [\"shop.com\", \"example-shop.com\","
                + " \"dogfood.com\", \"myblog.org\", \"webhosting.com\", \"bestshop.net\", \"example.org\", \"carinsurance.com\","
                + " \"qzxvbkwp.com\", \"sex.com\", \"a1-b2.io\", \"bücher.de\", \"lumora.io\", \"insurance.co.uk\","
                + " \"x.com\", \"ab.com\", \"01.com\", \"99.com\"]}");
        assertEquals(200, reply.status(), reply.raw().body());
        var lexicon = new Lexicon();
        for (JsonNode slot : reply.data().get("valuations").values()) {
            String label = slot.get("domain").getStringValue().substring(0, slot.get("domain").getStringValue().indexOf('.'));
            for (JsonNode driver : slot.get("drivers").values()) {
                String sentence = driver.get("description").getStringValue();
                // the words factor weighs how often the web writes the label too: a number, or a string the web
                // writes (x, ab), is not valued for "not being made of dictionary words"
                if (label.chars().noneMatch(Character::isLetter) || lexicon.count(label) > 0) {
                    assertFalse(sentence.toLowerCase(Locale.ROOT).contains("not being made of dictionary words"), label + ": " + sentence);
                }
                boolean up = driver.get("effect").getDoubleValue() > 0;
                assertTrue(sentence.contains(up ? " raise" : " lower"), sentence);
                // evidence stated with a direction points the way its effect goes: the value's, or within
                // the marketability driver, the marketability's (its reason pushed it up or down)
                boolean pushedUp = "marketability".equals(driver.get("factor").getStringValue())
                        ? slot.get("marketability").getDoubleValue() >= 0.5 : up;
                assertFalse(sentence.contains(pushedUp ? "sold below" : "sold above"), sentence);
                // the verb agrees with a plural subject ("Past sales ... raise", "Its characters ... lower")
                boolean plural = sentence.matches("(Past sales|No past sales|Its own recorded sales|Its characters|Its digits|Its accented letters|Its [a-z]+ words)\\b.*");
                assertEquals(plural, sentence.matches(".* (raise|lower) the value by .*"), sentence);
            }
        }
    }

    @Test
    void unicodeNamesAreValuedUnderTheNamesTheirRegistriesHold() {
        // IDNA2008: faß.de is not fass.de, an emoji .ws name and an Arabic name ending in a digit are names.
        var reply = api.postJson("/api/v1/valuations/bulk", sovereign, "{\"domains\": [\"Faß.de\", \"💩.ws\", \"مصر1.com\", \"1مصر.com\"]}");
        assertEquals(200, reply.status(), reply.raw().body());
        var slots = reply.data().get("valuations");
        assertEquals("xn--fa-hia.de", slots.get(0).get("domain").getStringValue());
        assertEquals("xn--ls8h.ws", slots.get(1).get("domain").getStringValue());
        assertEquals("xn--1-jncl7d.com", slots.get(2).get("domain").getStringValue());
        assertEquals("invalid_domain", slots.get(3).get("error").get("code").getStringValue(), slots.get(3).toString());
    }

    @Test
    void anAccentedTwinOfAWordIsAnotherNameAndValuedAsOne() {
        // hotèls.com reads as hotels, as every input but one sees it: that one says it is an IDN nobody buys for the word.
        var reply = api.postJson("/api/v1/valuations/bulk", sovereign, "{\"domains\": [\"hotels.com\", \"hotèls.com\"]}");
        assertEquals(200, reply.status(), reply.raw().body());
        var word = reply.data().get("valuations").get(0);
        var twin = reply.data().get("valuations").get(1);
        assertEquals("xn--hotls-6ra.com", twin.get("domain").getStringValue());
        assertTrue(twin.get("value").getDoubleValue() < word.get("value").getDoubleValue() / 100, twin.toString());
        assertTrue(twin.get("marketability").getDoubleValue() < 0.1, twin.toString());
        boolean said = false;
        for (JsonNode driver : twin.get("drivers").values()) {
            said |= driver.get("description").getStringValue().contains("accented letters (an internationalised name, not \"hotels\")");
        }
        assertTrue(said, twin.toString());
    }

    @Test
    void aliasServesTheSameValuation() {
        var canonical = api.postJson("/api/v1/valuations", sovereign, "{\"domain\": \"lumora.io\"}").data().get("valuation");
        var alias = api.postJson("/v1/valuations", sovereign, "{\"domain\": \"lumora.io\"}").data().get("valuation");
        assertEquals(canonical.get("value"), alias.get("value"));
        assertEquals(canonical.get("comparables"), alias.get("comparables"));
    }

    @Test
    void invalidDomainIs400InvalidDomain() {
        var reply = api.postJson("/api/v1/valuations", sovereign, "{\"domain\": \"not a domain\"}");
        assertEquals(400, reply.status());
        assertEquals("invalid_domain", reply.errorCode());
    }

    @Test
    void surroundingWhitespaceIsTrimmedButInnerWhitespaceIsInvalid() {
        var single = api.postJson("/api/v1/valuations", sovereign, "{\"domain\": \" Lumora.io\\t\"}");
        assertEquals(200, single.status(), single.raw().body());
        assertEquals("lumora.io", single.data().get("valuation").get("domain").getStringValue());
        var bulk = api.postJson("/api/v1/valuations/bulk", sovereign, "{\"domains\": [\" lumora.io \", \" lu mora.io \"]}");
        JsonNode slots = bulk.data().get("valuations");
        assertEquals("lumora.io", slots.get(0).get("domain").getStringValue(), bulk.raw().body());
        assertNotNull(slots.get(0).get("value"), bulk.raw().body());
        assertEquals("invalid_domain", slots.get(1).get("error").get("code").getStringValue());
        var listed = api.send("PUT", "/admin/v1/domains/%20trimmed-shop.com%20", Api.ADMIN_TOKEN, "application/json",
                "{\"price\": 1200}");
        assertTrue(listed.status() == 200 || listed.status() == 201, listed.raw().body());
        var detail = api.get("/api/v1/domains/%20trimmed-shop.com", sovereign);
        assertEquals(200, detail.status(), detail.raw().body());
        assertEquals("trimmed-shop.com", detail.data().get("domain").get("name").getStringValue());
    }

    @Test
    void missingOrIllTypedDomainIs400InvalidRequest() {
        for (String body : List.of("{}", "{\"domain\": 42}", "{\"domain\": null}", "[\"example.com\"]", "\"example.com\"")) {
            var reply = api.postJson("/api/v1/valuations", sovereign, body);
            assertEquals(400, reply.status(), body);
            assertEquals("invalid_request", reply.errorCode(), body);
            assertTrue(reply.body().get("error").get("message").getStringValue().contains("domain"), body);
        }
    }

    @Test
    void malformedJsonIs400InvalidRequest() {
        var reply = api.postJson("/api/v1/valuations", sovereign, "{\"domain\": ");
        assertEquals(400, reply.status());
        assertEquals("invalid_request", reply.errorCode());
    }

    @Test
    void nonJsonBodyIs415() {
        var reply = api.send("POST", "/api/v1/valuations", sovereign, "text/plain", "example.com");
        assertEquals(415, reply.status());
        assertEquals("unsupported_media_type", reply.errorCode());
    }

    @Test
    void wrongMethodIs405() {
        var reply = api.get("/api/v1/valuations", sovereign);
        assertEquals(405, reply.status());
        assertEquals("method_not_allowed", reply.errorCode());
    }

    @Test
    void withoutKeyIs401() {
        var reply = api.postJson("/api/v1/valuations", null, "{\"domain\": \"example.com\"}");
        assertEquals(401, reply.status());
        assertEquals("missing_api_key", reply.errorCode());
    }

    @Test
    void bulkKeepsInputOrderAndFailsInvalidNamesAlone() {
        var reply = api.postJson("/api/v1/valuations/bulk", sovereign,
                "{\"domains\": [\"lumora.io\", \"not a domain\", \"CarInsurance.com\", 7, \"lumora.io\"]}");
        assertEquals(200, reply.status(), reply.raw().body());
        JsonNode slots = reply.data().get("valuations");
        assertEquals(5, slots.size());
        assertEquals("lumora.io", slots.get(0).get("domain").getStringValue());
        assertEquals("not a domain", slots.get(1).get("domain").getStringValue());
        assertEquals("invalid_domain", slots.get(1).get("error").get("code").getStringValue());
        assertEquals("carinsurance.com", slots.get(2).get("domain").getStringValue());
        assertNotNull(slots.get(2).get("value"));
        assertEquals("invalid_domain", slots.get(3).get("error").get("code").getStringValue());
        assertEquals(slots.get(0).get("value"), slots.get(4).get("value"));
        JsonNode meta = reply.data().get("meta");
        assertEquals(5, meta.get("count").getIntValue());
        assertEquals(3, meta.get("valued").getIntValue());
        assertEquals(2, meta.get("failed").getIntValue());
    }

    @Test
    void absentValuesAreNullNotOmitted() {
        var bulk = api.postJson("/api/v1/valuations/bulk", sovereign, "{\"domains\": [1]}");
        JsonNode slot = bulk.data().get("valuations").get(0);
        assertNotNull(slot.get("domain"), bulk.raw().body());
        assertTrue(slot.get("domain").isNull(), bulk.raw().body());
        // honeypot.com's own sale, its first comparable, was reported with neither date nor venue
        var reply = api.postJson("/api/v1/valuations", sovereign, "{\"domain\": \"honeypot.com\"}");
        JsonNode own = reply.data().get("valuation").get("comparables").get(0);
        assertEquals("honeypot.com", own.get("domain").getStringValue(), own.toString());
        assertTrue(own.get("date") != null && own.get("date").isNull(), own.toString());
        assertTrue(own.get("venue") != null && own.get("venue").isNull(), own.toString());
    }

    @Test
    void bulkCountsOneQuotaUnit() {
        String key = api.createKey("sovereign", null);
        var reply = api.postJson("/api/v1/valuations/bulk", key, names(50));
        assertEquals(200, reply.status());
        assertEquals(499, reply.remaining());
    }

    @Test
    void bulkOverTheSovereignLimitIs422WithDetails() {
        var reply = api.postJson("/api/v1/valuations/bulk", sovereign, names(51));
        assertEquals(422, reply.status());
        assertEquals("batch_too_large", reply.errorCode());
        assertEquals(50, reply.body().get("error").get("details").get("limit").getIntValue());
        assertEquals(51, reply.body().get("error").get("details").get("received").getIntValue());
    }

    @Test
    void enterpriseBatchesUpTo200() {
        var ok = api.postJson("/api/v1/valuations/bulk", enterprise, names(200));
        assertEquals(200, ok.status());
        assertEquals(200, ok.data().get("meta").get("valued").getIntValue());
        var tooMany = api.postJson("/api/v1/valuations/bulk", enterprise, names(201));
        assertEquals(422, tooMany.status());
        assertEquals(200, tooMany.body().get("error").get("details").get("limit").getIntValue());
    }

    @Test
    void emptyOrMissingBulkListIs400() {
        for (String body : List.of("{\"domains\": []}", "{}", "{\"domains\": \"a.com\"}")) {
            var reply = api.postJson("/api/v1/valuations/bulk", sovereign, body);
            assertEquals(400, reply.status(), body);
            assertEquals("invalid_request", reply.errorCode(), body);
        }
    }

    @Test
    void domainDetailCarriesListingValuationAndAnalysis() {
        var listed = api.send("PUT", "/admin/v1/domains/carinsurance.com", Api.ADMIN_TOKEN, "application/json",
                "{\"price\": 250000, \"category\": \"finance\"}");
        assertTrue(listed.status() == 200 || listed.status() == 201, listed.raw().body());
        var reply = api.get("/api/v1/domains/CarInsurance.com", sovereign);
        assertEquals(200, reply.status(), reply.raw().body());
        JsonNode domain = reply.data().get("domain");
        assertEquals("carinsurance.com", domain.get("name").getStringValue());
        assertEquals(250000, domain.get("price").getLongValue());
        assertEquals(1, domain.get("priceHistory").size());
        assertNotNull(domain.get("valuation").get("value"));
        JsonNode analysis = domain.get("analysis");
        assertEquals(List.of("car", "insurance"), strings(analysis.get("segments")));
        assertEquals("english", analysis.get("language").getStringValue());
        assertEquals("finance", analysis.get("category").getStringValue());
        int brandability = analysis.get("brandability").getIntValue();
        assertTrue(brandability >= 0 && brandability <= 100);
        assertTrue(analysis.get("pronounceability").getIntValue() > 50);
        assertTrue(analysis.get("notableFeatures").size() > 0);
        assertTrue(analysis.get("summary").getStringValue().startsWith("carinsurance.com"));
        JsonNode comparison = analysis.get("priceComparison");
        assertEquals(250000, comparison.get("askingPrice").getLongValue());
        assertEquals(domain.get("valuation").get("value").getLongValue(), comparison.get("value").getLongValue());
    }

    @Test
    void unknownDomainIs404DomainNotFound() {
        var reply = api.get("/api/v1/domains/never-listed-anywhere.com", sovereign);
        assertEquals(404, reply.status());
        assertEquals("domain_not_found", reply.errorCode());
    }

    @Test
    void invalidDomainInDetailIs400() {
        var reply = api.get("/api/v1/domains/-bad-.com", sovereign);
        assertEquals(400, reply.status());
        assertEquals("invalid_domain", reply.errorCode());
    }

    private static String names(int count) {
        return IntStream.range(0, count).mapToObj(i -> "\"name" + i + ".com\"")
                .collect(Collectors.joining(",", "{\"domains\": [", "]}"));
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.values().forEach(n -> out.add(n.getStringValue()));
        return out;
    }
}
