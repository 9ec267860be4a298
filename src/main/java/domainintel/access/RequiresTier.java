package domainintel.access;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The lowest tier that may call an endpoint. Routes without it are Sovereign+ (any valid key).
 * Read by {@link AccessFilter} from the matched route, so the tier rule sits beside the route.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface RequiresTier {
    Tier value();
}
