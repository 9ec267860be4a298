package domainintel.support;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The OpenAPI spec that micronaut-openapi generated at compile time (the file the server serves at
 * {@code /openapi.yaml}), read with swagger-parser: an independent reader, not the generator.
 */
public final class OpenApiSpec {
    public static final String RESOURCE = "META-INF/swagger/openapi.yml";

    private OpenApiSpec() {
    }

    /** The spec's text as compiled into the classpath. */
    public static String text() {
        try (InputStream in = OpenApiSpec.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the classpath: compile first");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses a spec with every $ref resolved; the parser's messages say what in it is not valid OpenAPI. */
    public static SwaggerParseResult parse(String text) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        return new OpenAPIV3Parser().readContents(text, List.of(), options);
    }

    /** Every operation of the spec as "METHOD /path", e.g. "GET /api/v1/domains/{domain}". */
    public static Set<String> operations(OpenAPI spec) {
        Set<String> operations = new TreeSet<>();
        spec.getPaths().forEach((path, item) ->
                item.readOperationsMap().keySet().forEach(method -> operations.add(method.name() + " " + path)));
        return operations;
    }
}
