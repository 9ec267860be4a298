package domainintel.market;

import com.fasterxml.jackson.annotation.JsonInclude;
import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.micronaut.serde.annotation.Serdeable;
import com.fasterxml.jackson.annotation.JsonProperty;
import domainintel.web.ApiDocs;
import domainintel.web.AdminOperations;

import java.io.StringReader;

/** Operators add newly reported sales to the history, so the market trends stay current. */
@Controller(ApiPaths.ADMIN + "/sales")
@Tag(name = "Admin")
@AdminOperations
public class AdminSalesController {
    private final SalesImporter importer;

    public AdminSalesController(SalesImporter importer) {
        this.importer = importer;
    }

    /** A CSV of sales ({@code domain,price_usd,date,venue,source[,market]} with a header row) as the body. */
    @Post("/import")
    @Consumes({"text/csv", MediaType.TEXT_PLAIN})
    @Operation(operationId = "importSales", summary = "Import reported sales",
            description = "`domain,price_usd,date,venue,source[,market]` with a header row; the trends are rebuilt after.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "What was imported and what was rejected.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "400", ref = ApiDocs.BAD_REQUEST)
    public ApiResponse<SalesImport> importCsv(@Body String csv) {
        return ApiResponse.ok(new SalesImport(importer.importCsv(new StringReader(csv))));
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record SalesImport(@JsonProperty("import") SalesImporter.Report report) {
    }
}
