package domainintel.market;

import domainintel.access.RequiresTier;
import domainintel.access.Tier;
import domainintel.web.ApiDocs;
import domainintel.web.KeyedOperations;
import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.RequestBean;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.extensions.Extension;
import io.swagger.v3.oas.annotations.extensions.ExtensionProperty;
import io.swagger.v3.oas.annotations.tags.Tag;

/** How the market moved, from the real sales: by period, TLD, category and length (Enterprise). */
@Controller
@Tag(name = "Market")
@KeyedOperations
public class MarketTrendsController {
    private final MarketTrends trends;

    public MarketTrendsController(MarketTrends trends) {
        this.trends = trends;
    }

    @Get(ApiPaths.V1 + "/market/trends")
    @RequiresTier(Tier.ENTERPRISE)
    @Operation(operationId = "getMarketTrends", summary = "Market trends",
            description = "Sales, volume and median price by period, with breakdowns by TLD, category (with top keywords) and name length. "
                    + "Every figure describes the same set of sales.",
            extensions = @Extension(properties = @ExtensionProperty(name = ApiDocs.TIER, value = "enterprise")))
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "The trends.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "400", ref = ApiDocs.BAD_REQUEST)
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "403", ref = ApiDocs.FORBIDDEN)
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "429", ref = ApiDocs.TOO_MANY_REQUESTS)
    public ApiResponse<Trends> trends(@RequestBean TrendsRequest request) {
        return ApiResponse.ok(trends.trends(TrendQuery.parse(request.parameters())));
    }
}
