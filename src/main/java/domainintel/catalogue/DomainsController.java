package domainintel.catalogue;

import com.fasterxml.jackson.annotation.JsonInclude;
import domainintel.names.DomainName;
import domainintel.names.DomainNames;
import domainintel.valuation.NameAnalyst;
import domainintel.contract.ErrorCode;
import domainintel.contract.QueryParameters;
import domainintel.contract.Rejection;
import domainintel.web.ApiDocs;
import domainintel.web.KeyedOperations;
import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import io.micronaut.context.BeanProvider;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.RequestBean;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.extensions.Extension;
import io.swagger.v3.oas.annotations.extensions.ExtensionProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;

import java.util.List;

/** The catalogue of domains for sale: filtered, sorted, paginated; and one listing in detail. */
@Controller
@Tag(name = "Domains")
@io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "429", ref = ApiDocs.TOO_MANY_REQUESTS)
@KeyedOperations
public class DomainsController {
    private final ListingRepository listings;
    private final PriceChangeRepository priceChanges;
    // Created on the first detail: a listing needs no valuation, and the analyst's valuator (model, lexicons,
    // comparables index) takes seconds to build, which the list function's first request would pay for nothing.
    private final BeanProvider<NameAnalyst> analyst;

    public DomainsController(ListingRepository listings, PriceChangeRepository priceChanges, BeanProvider<NameAnalyst> analyst) {
        this.listings = listings;
        this.priceChanges = priceChanges;
        this.analyst = analyst;
    }

    /** A page of listings and where it is in the whole result. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record DomainsPage(List<ListingView> domains, PageMeta meta) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record PageMeta(@Schema(description = "Listings matching the filters.") long total, int page, int perPage, long totalPages) {
    }

    /** One listing in full. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record DomainDetail(ListingDetail domain) {
    }

    @Get(ApiPaths.V1 + "/domains")
    @Operation(operationId = "listDomains", summary = "List domains for sale",
            description = "Filtered, sorted and paginated. A parameter given twice, empty, or out of range is `invalid_request` naming it.",
            extensions = @Extension(properties = @ExtensionProperty(name = ApiDocs.TIER, value = "sovereign")))
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "A page of listings.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "400", ref = ApiDocs.BAD_REQUEST)
    public ApiResponse<DomainsPage> list(@RequestBean DomainsRequest request) {
        ListingQuery query = ListingQuery.parse(request.parameters());
        var page = listings.findAll(query.filter(), query.pageable());
        long totalPages = (page.getTotalSize() + query.perPage() - 1) / query.perPage();
        return ApiResponse.ok(new DomainsPage(page.getContent().stream().map(ListingView::of).toList(),
                new PageMeta(page.getTotalSize(), query.page(), query.perPage(), totalPages)));
    }

    /** The listing with its price history, the model's valuation and the AI analysis of the name. */
    @Get(ApiPaths.V1 + "/domains/{domain}")
    @Operation(operationId = "getDomain", summary = "One listing in full",
            description = "The listing with its price history, the model's valuation and the AI analysis of the name.",
            extensions = @Extension(properties = @ExtensionProperty(name = ApiDocs.TIER, value = "sovereign")))
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "The listing.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "400", ref = ApiDocs.BAD_REQUEST)
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "404", ref = ApiDocs.NOT_FOUND)
    public ApiResponse<DomainDetail> detail(@Parameter(description = "A registrable domain name.", example = "example-shop.com") String domain) {
        DomainName name = DomainNames.parse(domain);
        Listing listing = listings.findByName(name.name())
                .orElseThrow(() -> new Rejection(ErrorCode.DOMAIN_NOT_FOUND, name.name() + " is not in the catalogue."));
        var result = analyst.get().analyse(name, listing.price());
        var history = priceChanges.history(name.name()).stream()
                .map(c -> new ListingDetail.PricePoint(c.newPrice(), c.oldPrice(), c.changedAt())).toList();
        return ApiResponse.ok(new DomainDetail(ListingDetail.of(listing, history, result.valuation(), result.analysis())));
    }
}
