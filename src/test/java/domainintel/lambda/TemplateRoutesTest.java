package domainintel.lambda;

import domainintel.support.Api;
import io.micronaut.context.ApplicationContext;
import io.micronaut.http.HttpMethod;
import io.micronaut.web.router.Router;
import io.micronaut.web.router.UriRouteInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Files;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * template.yaml and the code cannot drift: every Api event maps to a route the application serves,
 * and every route the application serves is deployed by some function.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TemplateRoutesTest {
    ApplicationContext context;
    Set<String> templateRoutes;

    @BeforeAll
    void load() throws Exception {
        context = ApplicationContext.run(Map.of(
                "data-dir", Files.createTempDirectory("template-routes").toString(),
                "admin.token", Api.ADMIN_TOKEN, "micronaut.server.port", "-1"));
        templateRoutes = new TreeSet<>();
        for (var function : SamTemplate.read().functions()) {
            function.events("Api").forEach(event -> templateRoutes.add(event.apiRoute()));
        }
    }

    @AfterAll
    void stop() {
        context.close();
    }

    @Test
    void everyTemplateEventHasARoute() {
        Router router = context.getBean(Router.class);
        assertTrue(templateRoutes.size() > 5, "template routes: " + templateRoutes);
        for (String route : templateRoutes) {
            String[] parts = route.split(" ", 2);
            String concrete = parts[1].replaceAll("\\{[^}]+}", "sample.com");
            boolean served = router.find(HttpMethod.valueOf(parts[0]), concrete, null).findAny().isPresent();
            assertTrue(served, "template declares " + route + " but no route serves it");
        }
    }

    @Test
    void everyRouteIsDeployed() {
        Set<String> codeRoutes = new TreeSet<>();
        context.getBean(Router.class).uriRoutes()
                .filter(r -> !r.getDeclaringType().getPackageName().startsWith("domainintel.support"))
                // Micronaut answers HEAD for every GET by itself; API Gateway has no need to route it.
                .filter(r -> r.getHttpMethod() != HttpMethod.HEAD)
                .map(TemplateRoutesTest::describe)
                .forEach(codeRoutes::add);
        assertEquals(codeRoutes, templateRoutes);
    }

    private static String describe(UriRouteInfo<?, ?> route) {
        // A greedy variable is {+path} to Micronaut and {path+} to API Gateway.
        return route.getHttpMethodName() + " " + route.getUriMatchTemplate().toPathString().replaceAll("\\{\\+(\\w+)}", "{$1+}");
    }
}
