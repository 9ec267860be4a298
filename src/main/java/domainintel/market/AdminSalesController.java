package domainintel.market;

import domainintel.web.ApiPaths;
import domainintel.web.ApiResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;

import java.io.StringReader;
import java.util.Map;

/** Operators add newly reported sales to the history, so the market trends stay current. */
@Controller(ApiPaths.ADMIN + "/sales")
public class AdminSalesController {
    private final SalesImporter importer;

    public AdminSalesController(SalesImporter importer) {
        this.importer = importer;
    }

    /** A CSV of sales ({@code domain,price_usd,date,venue,source[,market]} with a header row) as the body. */
    @Post("/import")
    @Consumes({"text/csv", MediaType.TEXT_PLAIN})
    public ApiResponse importCsv(@Body String csv) {
        return ApiResponse.ok(Map.of("import", importer.importCsv(new StringReader(csv))));
    }
}
