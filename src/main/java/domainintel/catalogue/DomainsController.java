package domainintel.catalogue;

import domainintel.names.DomainName;
import domainintel.names.DomainNames;
import domainintel.valuation.NameAnalyst;
import domainintel.contract.Rejection;
import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import domainintel.contract.ErrorCode;
import domainintel.contract.QueryParameters;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;

import java.util.LinkedHashMap;
import java.util.Map;

/** The catalogue of domains for sale: filtered, sorted, paginated; and one listing in detail. */
@Controller
public class DomainsController {
    private final ListingRepository listings;
    private final PriceChangeRepository priceChanges;
    private final NameAnalyst analyst;

    public DomainsController(ListingRepository listings, PriceChangeRepository priceChanges, NameAnalyst analyst) {
        this.listings = listings;
        this.priceChanges = priceChanges;
        this.analyst = analyst;
    }

    @Get(ApiPaths.V1 + "/domains")
    public ApiResponse list(HttpRequest<?> request) {
        ListingQuery query = ListingQuery.parse(new QueryParameters(request.getParameters().asMap()));
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

    /** The listing with its price history, the model's valuation and the AI analysis of the name. */
    @Get(ApiPaths.V1 + "/domains/{domain}")
    public ApiResponse detail(String domain) {
        DomainName name = DomainNames.parse(domain);
        Listing listing = listings.findByName(name.name())
                .orElseThrow(() -> new Rejection(ErrorCode.DOMAIN_NOT_FOUND, name.name() + " is not in the catalogue."));
        var result = analyst.analyse(name, listing.price());
        var history = priceChanges.history(name.name()).stream()
                .map(c -> new ListingDetail.PricePoint(c.newPrice(), c.oldPrice(), c.changedAt())).toList();
        return ApiResponse.ok(Map.of("domain", ListingDetail.of(listing, history, result.valuation(), result.analysis())));
    }
}
