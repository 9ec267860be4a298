package domainintel.web;

import domainintel.support.Browser;
import domainintel.support.OpenApiSpec;
import domainintel.support.TempDataDir;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * /docs renders the generated spec in a real headless Chromium, from the Swagger UI shipped in the
 * jar: every operation of the spec appears, and every request the page made went to this server.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DocsPageBrowserTest implements TempDataDir {
    @Inject
    EmbeddedServer server;
    ChromeDriver browser;

    @BeforeAll
    void startBrowser() {
        browser = Browser.start();
    }

    @AfterAll
    void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void theDocsPageRendersEveryOperationWithNothingFetchedFromElsewhere() {
        int operations = OpenApiSpec.operations(OpenApiSpec.parse(OpenApiSpec.text()).getOpenAPI()).size();
        Browser.requestedUrls(browser); // what the browser did before this test is not the page's doing
        browser.get("http://localhost:" + server.getPort() + "/docs");
        var wait = new WebDriverWait(browser, Duration.ofSeconds(30));
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector(".opblock"), operations));
        assertTrue(browser.findElement(By.cssSelector(".information-container .title")).getText()
                .startsWith("Domain Intelligence API"));
        assertTrue(browser.findElements(By.cssSelector(".opblock-summary-path")).stream()
                .anyMatch(path -> path.getText().contains("/api/v1/valuations/bulk")));

        List<String> requested = Browser.requestedUrls(browser);
        assertTrue(requested.stream().anyMatch(url -> url.endsWith("/openapi.yaml")), requested.toString());
        assertTrue(requested.stream().anyMatch(url -> url.endsWith("/docs/res/swagger-ui-bundle.js")), requested.toString());
        for (String url : requested) {
            URI uri = URI.create(url);
            assertEquals("http://localhost:" + server.getPort(), uri.getScheme() + "://" + uri.getHost() + ":" + uri.getPort(),
                    "left the machine: " + url);
        }
    }
}
