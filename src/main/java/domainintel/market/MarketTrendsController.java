package domainintel.market;

import domainintel.access.RequiresTier;
import domainintel.access.Tier;
import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import domainintel.contract.QueryParameters;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;

/** How the market moved, from the real sales: by period, TLD, category and length (Enterprise). */
@Controller
public class MarketTrendsController {
    private final MarketTrends trends;

    public MarketTrendsController(MarketTrends trends) {
        this.trends = trends;
    }

    @Get(ApiPaths.V1 + "/market/trends")
    @RequiresTier(Tier.ENTERPRISE)
    public ApiResponse trends(HttpRequest<?> request) {
        return ApiResponse.ok(trends.trends(TrendQuery.parse(new QueryParameters(request.getParameters().asMap()))));
    }
}
