package domainintel.web;

import io.micronaut.context.ExecutionHandleLocator;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.convert.ConversionService;
import io.micronaut.http.MediaType;
import io.micronaut.inject.BeanDefinition;
import io.micronaut.inject.ExecutableMethod;
import io.micronaut.web.router.AnnotatedMethodRouteBuilder;
import io.micronaut.web.router.UriRoute;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * The {@code /v1} alias, declared here once: every controller route under {@link ApiPaths#V1} is
 * also routed under {@link ApiPaths#V1_ALIAS}, to the same method with the same media types. The
 * framework's annotation route builder is extended rather than wrapped, so the Lambda handlers,
 * which route with the same router, serve the alias too.
 */
@Singleton
@Replaces(AnnotatedMethodRouteBuilder.class)
public class V1AliasRoutes extends AnnotatedMethodRouteBuilder {

    public V1AliasRoutes(ExecutionHandleLocator executionHandleLocator, UriNamingStrategy uriNamingStrategy,
                         ConversionService conversionService) {
        super(executionHandleLocator, uriNamingStrategy, conversionService);
    }

    @Override
    public void process(BeanDefinition<?> beanDefinition, ExecutableMethod<?, ?> method) {
        int before = getUriRoutes().size();
        super.process(beanDefinition, method);
        List<UriRoute> added = List.copyOf(getUriRoutes().subList(before, getUriRoutes().size()));
        for (UriRoute route : added) {
            String uri = route.getUriMatchTemplate().toString();
            if (uri.startsWith(ApiPaths.V1 + "/")) {
                String alias = ApiPaths.V1_ALIAS + uri.substring(ApiPaths.V1.length());
                buildBeanRoute(route.getHttpMethodName(), route.getHttpMethod(), alias, beanDefinition, method)
                        .consumes(route.getConsumes().toArray(MediaType[]::new))
                        .produces(route.getProduces().toArray(MediaType[]::new));
            }
        }
    }
}
