package domainintel.web;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The contract for people and machines, no key needed: the OpenAPI spec generated at compile time
 * ({@code /openapi.yaml}) and the Swagger UI that renders it ({@code /docs}), both served from the jar,
 * so the page works offline and on Lambda alike.
 */
@Controller
@Tag(name = "Service")
@EdgeRefusals
public class DocsController {
    private static final String SPEC = "META-INF/swagger/openapi.yml";
    private static final String UI = "META-INF/swagger/views/swagger-ui/";
    private static final Pattern ASSET = Pattern.compile("[a-z0-9-]+\\.(js|css|png)");
    private static final Map<String, MediaType> TYPES = Map.of(
            "js", MediaType.of("application/javascript"), "css", MediaType.of("text/css"), "png", MediaType.IMAGE_PNG_TYPE);

    @Get("/openapi.yaml")
    @Operation(operationId = "getOpenApiSpec", summary = "This specification", description = "OpenAPI 3.1, generated from the code.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "The spec.",
            content = @Content(mediaType = "application/yaml", schema = @Schema(type = "string")))
    public HttpResponse<byte[]> spec() {
        return HttpResponse.ok(read(SPEC).orElseThrow()).contentType(MediaType.of("application/yaml"));
    }

    @Get("/docs")
    @Operation(operationId = "getDocs", summary = "Browsable documentation", description = "The Swagger UI, rendering /openapi.yaml.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "The page.",
            content = @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = "string")))
    public HttpResponse<byte[]> page() {
        return HttpResponse.ok(read(UI + "index.html").orElseThrow()).contentType(MediaType.TEXT_HTML_TYPE);
    }

    @Get("/docs/res/{asset}")
    @Operation(operationId = "getDocsAsset", summary = "A script, stylesheet or icon of the documentation page")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "The file.",
            content = @Content(mediaType = "*/*", schema = @Schema(type = "string", format = "binary")))
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "404", ref = ApiDocs.NOT_FOUND)
    public HttpResponse<?> asset(String asset) {
        if (!ASSET.matcher(asset).matches()) {
            return HttpResponse.notFound();
        }
        MediaType type = TYPES.get(asset.substring(asset.lastIndexOf('.') + 1));
        return read(UI + "res/" + asset).<HttpResponse<?>>map(bytes -> HttpResponse.ok(bytes).contentType(type)
                        .header("Cache-Control", "public, max-age=86400"))
                .orElseGet(HttpResponse::notFound);
    }

    private static Optional<byte[]> read(String resource) {
        try (InputStream in = DocsController.class.getClassLoader().getResourceAsStream(resource)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
