package domainintel.catalogue;

import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import domainintel.web.QueryParameters;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;

import java.util.LinkedHashMap;
import java.util.Map;

/** The catalogue of domains for sale: filtered, sorted, paginated. */
@Controller
public class DomainsController {
    private final ListingRepository listings;

    public DomainsController(ListingRepository listings) {
        this.listings = listings;
    }

    @Get(uris = {ApiPaths.V1 + "/domains", ApiPaths.V1_ALIAS + "/domains"})
    public ApiResponse list(HttpRequest<?> request) {
        ListingQuery query = ListingQuery.parse(new QueryParameters(request.getParameters()));
        var page = listings.findAll(query.filter(), query.pageable());
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("total", page.getTotalSize());
        meta.put("page", query.page());
        meta.put("perPage", query.perPage());
        meta.put("totalPages", (page.getTotalSize() + query.perPage() - 1) / query.perPage());
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("domains", page.getContent().stream().map(ListingView::of).toList());
        data.put("meta", meta);
        return ApiResponse.ok(data);
    }
}
