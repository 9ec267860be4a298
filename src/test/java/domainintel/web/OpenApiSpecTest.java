package domainintel.web;

import domainintel.dashboard.Dashboard;
import domainintel.lambda.SamTemplate;
import domainintel.support.Api;
import domainintel.support.OpenApiSpec;
import domainintel.support.TempDataDir;
import io.micronaut.http.HttpMethod;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.web.router.Router;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Schema;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The spec served at /openapi.yaml is valid OpenAPI 3.1 to an independent parser, costs no key, and
 * lists exactly the API's routes: those of the code and those template.yaml deploys. Two kinds of
 * route are by design not operations of the spec: the dashboard's HTML pages (for people, not
 * clients) and the {@code /v1} alias of every {@code /api/v1} route (stated in the spec's description).
 */
@MicronautTest(transactional = false)
class OpenApiSpecTest implements TempDataDir {
    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    Router router;

    private Api api() {
        return new Api(server.getURI(), json);
    }

    @Test
    void theSpecIsServedWithoutAKeyAndIsValidOpenApi31() {
        var first = api().get("/openapi.yaml", null);
        assertEquals(200, first.status());
        assertTrue(first.header("Content-Type").startsWith("application/yaml"), first.header("Content-Type"));
        assertNull(first.header("RateLimit"), "the spec costs no quota");
        assertEquals(OpenApiSpec.text(), first.raw().body());

        var parsed = OpenApiSpec.parse(first.raw().body());
        assertEquals(List.of(), parsed.getMessages(), "swagger-parser's objections");
        OpenAPI spec = parsed.getOpenAPI();
        assertEquals("3.1.0", spec.getOpenapi());
        assertEquals(Set.of("bearerAuth", "adminToken"), spec.getComponents().getSecuritySchemes().keySet());
        assertEquals("bearer", spec.getComponents().getSecuritySchemes().get("bearerAuth").getScheme());
    }

    @Test
    void everyOperationIsDescribedWithItsErrorsTierAndSecurity() {
        OpenAPI spec = OpenApiSpec.parse(OpenApiSpec.text()).getOpenAPI();
        spec.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
            String name = method + " " + path;
            assertNotNull(operation.getSummary(), name + " has no summary");
            assertTrue(operation.getResponses().keySet().stream().anyMatch(code -> code.startsWith("2")), name + " has no success answer");
            assertTrue(operation.getResponses().keySet().containsAll(Set.of("403", "414", "431")), name + " lacks the edge's refusals");
            if (path.startsWith(ApiPaths.V1 + "/")) {
                assertTrue(Set.of("sovereign", "enterprise").contains(tier(operation)), name + " names no tier");
                assertTrue(operation.getResponses().containsKey("401"), name + " lists no 401");
                assertEquals("bearerAuth", operation.getSecurity().get(0).keySet().iterator().next(), name);
            } else if (path.startsWith(ApiPaths.ADMIN + "/")) {
                assertEquals("adminToken", operation.getSecurity().get(0).keySet().iterator().next(), name);
                assertTrue(operation.getResponses().containsKey("401"), name + " lists no 401");
            } else {
                assertTrue(operation.getSecurity() == null && spec.getSecurity() == null, name + " must need no key");
            }
        }));
        Operation trends = spec.getPaths().get(ApiPaths.V1 + "/market/trends").getGet();
        assertEquals("enterprise", tier(trends));
        assertTrue(trends.getResponses().containsKey("403"));
        assertTrue(spec.getPaths().get(ApiPaths.V1 + "/valuations/bulk").getPost().getResponses().containsKey("422"));
    }

    @Test
    void theSpecListsExactlyTheRoutesOfTheCodeAndOfTheTemplate() {
        Set<String> specOperations = OpenApiSpec.operations(OpenApiSpec.parse(OpenApiSpec.text()).getOpenAPI());

        Set<String> codeRoutes = router.uriRoutes()
                .filter(r -> !r.getDeclaringType().getPackageName().startsWith("domainintel.support"))
                .filter(r -> r.getHttpMethod() != HttpMethod.HEAD)
                .map(r -> r.getHttpMethodName() + " " + r.getUriMatchTemplate().toPathString())
                .filter(OpenApiSpecTest::isApiRoute)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(codeRoutes, specOperations);

        Set<String> templateRoutes = new TreeSet<>();
        for (var function : SamTemplate.read().functions()) {
            function.events("Api").stream().map(SamTemplate.EventSource::apiRoute)
                    .filter(OpenApiSpecTest::isApiRoute).forEach(templateRoutes::add);
        }
        assertEquals(templateRoutes, specOperations);
        assertTrue(specOperations.contains("GET /openapi.yaml") && specOperations.contains("GET /docs"), specOperations.toString());
    }

    /**
     * The shapes micronaut-openapi 6.20.0 gets wrong in 3.1 are repaired in the served spec (the build's
     * src/build/OpenApiSpecRepair.java): a nullable field is its type or null, never also an object; a
     * nullable record is an object or null, checked against the record (a bare {@code type: "null"} beside
     * it matched only null); no internal {@code exampleSetFlag}; no example a YAML 1.1 reader takes for a date
     * where the schema says string. And the repaired shapes are there.
     */
    @Test
    @SuppressWarnings("rawtypes")
    void nullableFieldsAreTheirTypeOrNull() {
        Map<String, Object> spec = new Yaml().load(OpenApiSpec.text());
        List<String> wrong = new ArrayList<>();
        walk(spec, "", (path, node) -> {
            Object type = node.get("type");
            if (type instanceof List<?> types && types.contains("null") && types.contains("object") && types.size() > 2) {
                wrong.add(path + " type " + types);
            }
            if ("null".equals(type) && (node.containsKey("allOf") || node.containsKey("additionalProperties") || node.containsKey("$ref"))) {
                wrong.add(path + " is only null");
            }
            if (node.get("exampleSetFlag") instanceof Boolean) {
                wrong.add(path + " exampleSetFlag");
            }
            if (node.get("example") instanceof java.util.Date) {
                wrong.add(path + " example read as a date");
            }
        });
        assertEquals(List.of(), wrong);

        Map<String, Schema> parsed = OpenApiSpec.parse(OpenApiSpec.text()).getOpenAPI().getComponents().getSchemas();
        Schema<?> data = (Schema<?>) parsed.get("ApiResponseDomainsControllerDomainsPage").getProperties().get("data");
        assertEquals(Set.of("object", "null"), data.getTypes());
        assertEquals("#/components/schemas/DomainsControllerDomainsPage", data.getAllOf().get(0).get$ref());
        Schema<?> revokedAt = (Schema<?>) parsed.get("ApiKey").getProperties().get("revokedAt");
        assertEquals(Set.of("string", "null"), revokedAt.getTypes());
        Schema<?> resetAt = (Schema<?>) parsed.get("RateLimit").getProperties().get("resetAt");
        assertEquals("2026-01-02T00:00:00Z", resetAt.getExample());
    }

    @SuppressWarnings("unchecked")
    private static void walk(Object node, String path, BiConsumer<String, Map<String, Object>> visit) {
        if (node instanceof Map<?, ?> map) {
            visit.accept(path, (Map<String, Object>) map);
            map.forEach((key, value) -> walk(value, path + "/" + key, visit));
        } else if (node instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                walk(list.get(i), path + "/" + i, visit);
            }
        }
    }

    private static boolean isApiRoute(String route) {
        String path = route.substring(route.indexOf(' ') + 1);
        return !path.startsWith(ApiPaths.V1_ALIAS + "/") && !path.equals(Dashboard.PATH) && !path.startsWith(Dashboard.PATH + "/");
    }

    private static String tier(Operation operation) {
        Map<String, Object> extensions = operation.getExtensions();
        return extensions == null ? null : (String) extensions.get(ApiDocs.TIER);
    }
}
