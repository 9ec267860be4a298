package domainintel.web;

import io.swagger.v3.oas.annotations.responses.ApiResponse;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * For the spec: the refusals any route may answer, decided at the server's edge or by a failing
 * store rather than by the route itself. Put on every controller (directly or through
 * {@link KeyedOperations} / {@link AdminOperations}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@ApiResponse(responseCode = "403", ref = ApiDocs.ORIGIN_NOT_ALLOWED)
@ApiResponse(responseCode = "414", ref = ApiDocs.URI_TOO_LONG)
@ApiResponse(responseCode = "431", ref = ApiDocs.HEADERS_TOO_LARGE)
@ApiResponse(responseCode = "500", ref = ApiDocs.INTERNAL_ERROR)
@ApiResponse(responseCode = "503", ref = ApiDocs.SERVICE_UNAVAILABLE)
public @interface EdgeRefusals {
}
