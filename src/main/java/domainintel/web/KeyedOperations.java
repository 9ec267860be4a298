package domainintel.web;

import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** For the spec: a controller of the public API, called with an API key (and refused without one). */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@SecurityRequirement(name = ApiDocs.BEARER)
@ApiResponse(responseCode = "401", ref = ApiDocs.UNAUTHORIZED)
@EdgeRefusals
public @interface KeyedOperations {
}
