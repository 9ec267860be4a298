package domainintel.support;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

/**
 * The contract test: every response the suite receives through {@link Api} (successes and errors)
 * is validated against the OpenAPI spec generated from the code, with Atlassian's
 * swagger-request-validator. A response whose status, headers or body the spec does not describe
 * fails the test that received it, and so does a success on a route the spec lacks. Outside the
 * contract by design: the dashboard's pages and the test-only routes of this package; an error on a
 * path or method the spec lacks (an unknown route's 404 or 405, or a 401 that the key check gave
 * before routing) is the router's answer to a route that does not exist.
 */
public final class ContractCheck {
    private static final OpenApiInteractionValidator VALIDATOR = OpenApiInteractionValidator
            .createForInlineApiSpecification(OpenApiSpec.text())
            .build();
    private static final List<String> NO_SUCH_ROUTE = List.of(".path.missing", ".operation.notAllowed");
    private static final List<String> OUTSIDE_THE_CONTRACT = List.of("/dashboard", "/api/v1/test/", "/v1/test/");

    private ContractCheck() {
    }

    /** Throws AssertionError naming every way the response departs from the spec. */
    public static void verify(String method, String path, HttpResponse<String> response) {
        if (OUTSIDE_THE_CONTRACT.stream().anyMatch(path::startsWith)) {
            return;
        }
        SimpleResponse.Builder answer = SimpleResponse.Builder.status(response.statusCode()).withBody(response.body());
        for (Map.Entry<String, List<String>> header : response.headers().map().entrySet()) {
            answer.withHeader(header.getKey(), header.getValue());
        }
        ValidationReport report = VALIDATOR.validateResponse(specPath(path), Request.Method.valueOf(method), answer.build());
        boolean noSuchRoute = report.getMessages().stream().anyMatch(m -> NO_SUCH_ROUTE.stream().anyMatch(m.getKey()::endsWith));
        if (noSuchRoute && response.statusCode() >= 400 && response.statusCode() < 500) {
            return;
        }
        if (report.hasErrors()) {
            throw new AssertionError("Response of " + method + " " + path + " (" + response.statusCode()
                    + ") breaks the OpenAPI contract:\n" + report.getMessages() + "\nbody: " + response.body());
        }
    }

    /** The spec lists each route once, under /api/v1; the /v1 alias serves the same operation. */
    private static String specPath(String path) {
        return path.startsWith("/v1/") ? "/api" + path : path;
    }
}
