package domainintel.catalogue;

import domainintel.names.DomainNames;
import domainintel.contract.Rejection;
import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Put;

import java.io.StringReader;
import java.time.Clock;
import java.util.Map;

/** Operators add and update listings, one at a time or as a CSV inventory. */
@Controller(ApiPaths.ADMIN + "/domains")
public class AdminDomainsController {
    private final ListingWriter writer;
    private final InventoryImporter importer;
    private final Clock clock;

    public AdminDomainsController(ListingWriter writer, InventoryImporter importer, Clock clock) {
        this.writer = writer;
        this.importer = importer;
        this.clock = clock;
    }

    @Put("/{domain}")
    public HttpResponse<ApiResponse> upsert(String domain, @Body ListingUpdate update) {
        if (update == null) {
            throw Rejection.invalidRequest("A JSON body with 'price', 'category' or 'status' is required.");
        }
        var result = writer.upsert(DomainNames.parse(domain), update, clock.instant());
        return HttpResponse.status(result.created() ? HttpStatus.CREATED : HttpStatus.OK)
                .body(ApiResponse.ok(Map.of("domain", ListingView.of(result.listing()), "created", result.created())));
    }

    /** A CSV inventory ({@code domain,price[,category][,status]} with a header row) as the body. */
    @Post("/import")
    @Consumes({"text/csv", MediaType.TEXT_PLAIN})
    public ApiResponse importCsv(@Body String csv) {
        return ApiResponse.ok(Map.of("import", importer.importCsv(new StringReader(csv), progress -> { })));
    }
}
