package domainintel.catalogue;

import com.fasterxml.jackson.annotation.JsonInclude;
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
import io.micronaut.http.annotation.Status;
import io.micronaut.http.annotation.Put;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.micronaut.serde.annotation.Serdeable;
import com.fasterxml.jackson.annotation.JsonProperty;
import domainintel.web.ApiDocs;
import domainintel.web.AdminOperations;

import java.io.StringReader;
import java.time.Clock;

/** Operators add and update listings, one at a time or as a CSV inventory. */
@Controller(ApiPaths.ADMIN + "/domains")
@Tag(name = "Admin")
@AdminOperations
public class AdminDomainsController {
    private final ListingWriter writer;
    private final InventoryImporter importer;
    private final Clock clock;

    public AdminDomainsController(ListingWriter writer, InventoryImporter importer, Clock clock) {
        this.writer = writer;
        this.importer = importer;
        this.clock = clock;
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record UpsertedListing(ListingView domain, boolean created) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record InventoryImport(@JsonProperty("import") InventoryImporter.Report report) {
    }

    @Put("/{domain}")
    @Operation(operationId = "upsertListing", summary = "Add or update a listing",
            description = "Fields left out keep their values; a new listing needs `price`. Every price change is recorded and alerted.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "Updated (or unchanged).")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "201", description = "Created.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "#/components/schemas/ApiResponseAdminDomainsControllerUpsertedListing")))
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "400", ref = ApiDocs.BAD_REQUEST)
    public HttpResponse<ApiResponse<UpsertedListing>> upsert(String domain, @Body ListingUpdate update) {
        if (update == null) {
            throw Rejection.invalidRequest("A JSON body with 'price', 'category' or 'status' is required.");
        }
        var result = writer.upsert(DomainNames.parse(domain), update, clock.instant());
        return HttpResponse.status(result.created() ? HttpStatus.CREATED : HttpStatus.OK)
                .body(ApiResponse.ok(new UpsertedListing(ListingView.of(result.listing()), result.created())));
    }

    /** A CSV inventory ({@code domain,price[,category][,status]} with a header row) as the body. */
    @Post("/import")
    @Consumes({"text/csv", MediaType.TEXT_PLAIN})
    @Operation(operationId = "importListings", summary = "Import a CSV inventory",
            description = "`domain,price[,category][,status]` with a header row; good rows are applied, bad ones reported by line.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "What was imported and what was rejected.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "400", ref = ApiDocs.BAD_REQUEST)
    public ApiResponse<InventoryImport> importCsv(@Body String csv) {
        return ApiResponse.ok(new InventoryImport(importer.importCsv(new StringReader(csv), progress -> { })));
    }
}
