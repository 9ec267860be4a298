package domainintel.support;

import io.micronaut.core.annotation.NonBlocking;
import domainintel.access.RequiresTier;
import domainintel.access.Tier;
import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;

import java.util.Map;

/**
 * An Enterprise-only route for the tier tests of the access filter, which must not depend on
 * which Enterprise features have landed.
 */
@Controller
public class EnterpriseOnlyTestController {
    @Get(ApiPaths.V1 + "/test/enterprise")
    @RequiresTier(Tier.ENTERPRISE)
    @NonBlocking
    public ApiResponse enterpriseOnly() {
        return ApiResponse.ok(Map.of("ok", true));
    }
}
