package domainintel.dashboard;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The dashboard's stylesheet and scripts, and the htmx and Chart.js webjars, served from the jar
 * (nothing is fetched from a CDN). A controller rather than static-resource mapping, so that the
 * route is one API Gateway path like every other. Only these two roots and these file types.
 */
@Controller(Dashboard.PATH + "/assets")
public class AssetsController {
    private static final Pattern SAFE_PATH = Pattern.compile("[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*");
    private static final String LIBRARIES = "lib/";
    private static final Map<String, String> TYPES = Map.of(
            "css", "text/css; charset=utf-8",
            "js", "text/javascript; charset=utf-8");

    @Get("/{+path}")
    public HttpResponse<byte[]> asset(String path) {
        String extension = path.substring(path.lastIndexOf('.') + 1);
        if (!SAFE_PATH.matcher(path).matches() || path.contains("..") || !TYPES.containsKey(extension)) {
            return HttpResponse.notFound();
        }
        String resource = path.startsWith(LIBRARIES)
                ? "META-INF/resources/webjars/" + path.substring(LIBRARIES.length())
                : "dashboard/" + path;
        try (InputStream in = AssetsController.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                return HttpResponse.notFound();
            }
            return HttpResponse.ok(in.readAllBytes())
                    .contentType(MediaType.of(TYPES.get(extension)))
                    .header(HttpHeaders.CACHE_CONTROL, "public, max-age=3600");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
