package domainintel.access;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A route that needs a valid key but does not count against the quota (the usage report: looking
 * at the quota must not spend it). {@link AccessFilter} reads the account's item instead of
 * writing it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Uncounted {
}
