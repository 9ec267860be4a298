package domainintel.aws;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.micronaut.core.io.service.MicronautMetaServiceLoaderUtils;
import io.micronaut.inject.BeanDefinitionReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A function's context leaves out, unread, the bean definitions of the dashboard where security is off, and only
 * those: it has every bean an ordinary context with the same settings has, but those of the dashboard, Security and
 * Views.
 */
class FunctionApplicationContextTest {
    /** What template.yaml switches off in every function, so that an ordinary context starts without stores. */
    private static final Map<String, Object> LAMBDA_SETTINGS = Map.of("local.embedded-stores", false,
            "aws.dynamodb.create-tables", false, "aws.sqs.create-queues", false, "catalogue.demo-on-empty", false,
            "valuation.preload", false, "webhooks.local-workers", false, "market.bootstrap", "off");
    private static final String SECURITY = "micronaut.security.enabled";
    private static final String REPOSITORIES = "function.repositories.enabled";

    @AfterEach
    void clearSwitches() {
        System.clearProperty(SECURITY);
        System.clearProperty(REPOSITORIES);
    }

    @Test
    void withNothingSwitchedOffEveryBeanDefinitionIsRead() {
        assertEquals(allReferences(), read());
    }

    @Test
    void withSecurityOffOnlyTheDashboardAndWhatOnlyItUsesIsLeftOut() {
        System.setProperty(SECURITY, "false");
        List<String> leftOut = FunctionApplicationContext.skippedPackages();
        assertEquals(List.of("domainintel.dashboard.", "io.micronaut.security.", "io.micronaut.views."), leftOut);
        Set<String> read = read();
        assertTrue(allReferences().containsAll(read));
        assertTrue(read.stream().noneMatch(name -> leftOut.stream().anyMatch(name::startsWith)));

        try (ApplicationContext ordinary = ApplicationContext.builder().environments(Environment.FUNCTION, "lambda")
                .deduceEnvironment(false).properties(LAMBDA_SETTINGS).start();
             ApplicationContext function = LazyLambdaContext.builder().properties(LAMBDA_SETTINGS).start()) {
            Set<String> missing = new TreeSet<>(beans(ordinary));
            missing.removeAll(beans(function));
            assertTrue(missing.stream().anyMatch(name -> name.startsWith("io.micronaut.views.")), "Views left out");
            assertEquals(Set.of(), missing.stream().filter(name -> leftOut.stream().noneMatch(name::startsWith)).collect(Collectors.toSet()),
                    "beans of an ordinary context that the function's lacks, outside what it switched off");
        }
    }

    @Test
    void withoutRepositoriesMicronautDataAndTheDatabaseAreLeftOutAndTheRestIsRead() {
        System.setProperty(REPOSITORIES, "false");
        List<String> leftOut = FunctionApplicationContext.skippedPackages();
        assertEquals(List.of("io.micronaut.data.", "io.micronaut.transaction.", "io.micronaut.jdbc.",
                "io.micronaut.configuration.jdbc.", "io.micronaut.flyway."), leftOut);
        Set<String> all = allReferences();
        Set<String> expected = all.stream().filter(name -> leftOut.stream().noneMatch(name::startsWith)).collect(Collectors.toSet());
        assertTrue(expected.size() < all.size(), "Micronaut Data's definitions are on the class path");
        assertEquals(expected, read());
    }

    /** The bean definitions a context has, by the class that defines them. */
    private static Set<String> beans(ApplicationContext context) {
        return context.getAllBeanDefinitions().stream().map(bean -> bean.getClass().getName()).collect(Collectors.toSet());
    }

    private static Set<String> read() {
        try (FunctionApplicationContext context = (FunctionApplicationContext) LazyLambdaContext.builder().build()) {
            return context.resolveBeanDefinitionReferences().stream().map(BeanDefinitionReference::getBeanDefinitionName).collect(Collectors.toSet());
        }
    }

    private static Set<String> allReferences() {
        return references().stream().map(BeanDefinitionReference::getBeanDefinitionName).collect(Collectors.toSet());
    }

    @SuppressWarnings("rawtypes")
    private static List<BeanDefinitionReference> references() {
        return MicronautMetaServiceLoaderUtils.findMetaMicronautServiceEntries(FunctionApplicationContextTest.class.getClassLoader(),
                BeanDefinitionReference.class, BeanDefinitionReference::isPresent);
    }
}
