package domainintel.web;

import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * For the spec: an operators' controller, called with the admin token; 404 while the admin API is
 * disabled, 429 after too many wrong tokens from one address.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@SecurityRequirement(name = ApiDocs.ADMIN_BEARER)
@ApiResponse(responseCode = "401", ref = ApiDocs.UNAUTHORIZED)
@ApiResponse(responseCode = "404", ref = ApiDocs.NOT_FOUND)
@ApiResponse(responseCode = "413", ref = ApiDocs.PAYLOAD_TOO_LARGE)
@ApiResponse(responseCode = "415", ref = ApiDocs.UNSUPPORTED_MEDIA_TYPE)
@ApiResponse(responseCode = "429", ref = ApiDocs.TOO_MANY_ATTEMPTS)
@EdgeRefusals
public @interface AdminOperations {
}
