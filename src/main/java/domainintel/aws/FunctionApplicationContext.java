package domainintel.aws;

import io.micronaut.context.ApplicationContextConfiguration;
import io.micronaut.context.DefaultApplicationContext;
import io.micronaut.core.io.service.MicronautMetaServiceLoaderUtils;
import io.micronaut.inject.BeanDefinitionReference;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A function's application context, which leaves out, by class name and before loading them, the bean
 * definitions of the dashboard where the function has switched security off, and those of Micronaut Data where it
 * has no repositories.
 * <p>
 * Micronaut loads every bean definition class on the class path at start-up, with its annotation metadata and
 * the types it names, and evaluates its conditions. With one package for all functions that is the dashboard with
 * Micronaut Security, JWT, Views and Thymeleaf in every function, though only the dashboard's has security on: most
 * of it is disabled by its conditions there, and the dashboard's controllers and Views are unusable without it (API
 * Gateway sends /dashboard to the dashboard's function only). Leaving them out unread saves classes at every init
 * (docs/benchmarks.md); the other beans are exactly those of an ordinary context ({@code FunctionApplicationContextTest}).
 * <p>
 * Micronaut Data is not left out merely where the datasource is off, though no query runs there: a bean that holds a
 * repository needs its interceptors to be created, whether or not a query ever runs. A function none of whose beans
 * holds a repository says so with {@code function.repositories.enabled=false} (in template.yaml: every function with
 * the datasource off), and leaves Micronaut Data, its transactions, JDBC and Flyway unread too: their bean
 * definitions load the types they name, about 400 classes at every init (docs/benchmarks.md).
 * {@code PackagedFunctionsTest} creates the beans of every route of such a function with its template environment,
 * so one that comes to hold a repository fails there.
 */
final class FunctionApplicationContext extends DefaultApplicationContext {
    /** The dashboard's own beans and the modules only it uses, left out with {@code micronaut.security.enabled=false}. */
    private static final List<String> DASHBOARD = List.of("domainintel.dashboard.", "io.micronaut.security.", "io.micronaut.views.");
    /** Micronaut Data and what only it and the database use, left out with {@code function.repositories.enabled=false}. */
    private static final List<String> REPOSITORIES = List.of("io.micronaut.data.", "io.micronaut.transaction.",
            "io.micronaut.jdbc.", "io.micronaut.configuration.jdbc.", "io.micronaut.flyway.");

    private List<BeanDefinitionReference> references;

    FunctionApplicationContext(ApplicationContextConfiguration configuration) {
        super(configuration);
    }

    @Override
    protected synchronized List<BeanDefinitionReference> resolveBeanDefinitionReferences() {
        if (references == null) {
            Set<String> names;
            try {
                names = MicronautMetaServiceLoaderUtils.findMicronautMetaServiceEntries(getClassLoader(),
                        BeanDefinitionReference.class.getName());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            List<String> skipped = skippedPackages();
            references = names.parallelStream().filter(name -> skipped.stream().noneMatch(name::startsWith)).map(this::instantiate)
                    .filter(reference -> reference != null && reference.isPresent()).toList();
        }
        return references;
    }

    /**
     * The packages whose bean definitions this function leaves out, by its setting: read from the system
     * properties and environment variables (which override application.yml), not from the context's environment,
     * whose making needs the bean definitions already.
     */
    static List<String> skippedPackages() {
        List<String> skipped = new ArrayList<>();
        if (switchedOff("micronaut.security.enabled")) {
            skipped.addAll(DASHBOARD);
        }
        if (switchedOff("function.repositories.enabled")) {
            skipped.addAll(REPOSITORIES);
        }
        return skipped;
    }

    private static boolean switchedOff(String property) {
        String value = System.getProperty(property, System.getenv(property.toUpperCase(Locale.ROOT).replace('.', '_')));
        return "false".equalsIgnoreCase(value);
    }

    /**
     * The reference, or null where it needs a class that is not in the package (an optional integration, such as
     * a servlet session or javax.inject: Micronaut skips those too).
     */
    private BeanDefinitionReference instantiate(String name) {
        try {
            return (BeanDefinitionReference) Class.forName(name, false, getClassLoader()).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof ClassNotFoundException || cause instanceof NoClassDefFoundError) {
                    return null;
                }
            }
            throw new IllegalStateException("Cannot load the bean definition " + name, e);
        }
    }
}
