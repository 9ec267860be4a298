package domainintel.dashboard;

import domainintel.support.Api;
import domainintel.support.Browser;
import domainintel.support.TempDataDir;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.time.Duration;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A new user's whole path through the dashboard in a real headless Chromium, against the real
 * server and stores, with the key then used over real HTTP. The session cookie keeps its default
 * Secure flag: browsers accept it from http://localhost.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DashboardBrowserTest implements TempDataDir {
    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    ChromeDriver browser;
    WebDriverWait wait;

    @BeforeAll
    void startBrowser() {
        browser = Browser.start();
        wait = new WebDriverWait(browser, Duration.ofSeconds(20));
    }

    @AfterAll
    void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    private String url(String path) {
        return "http://localhost:" + server.getPort() + path;
    }

    private void signUp(String email, String password) {
        browser.get(url("/dashboard"));
        wait.until(ExpectedConditions.urlContains("/dashboard/signin"));
        browser.findElement(By.linkText("Create an account")).click();
        wait.until(ExpectedConditions.urlContains("/dashboard/signup"));
        browser.findElement(By.id("email")).sendKeys(email);
        browser.findElement(By.id("password")).sendKeys(password);
        browser.findElement(By.id("submit")).click();
        wait.until(ExpectedConditions.urlContains("/dashboard/keys"));
        assertEquals(email, browser.findElement(By.id("account-email")).getText());
    }

    private String createKey(String name) {
        browser.findElement(By.id("key-name")).sendKeys(name);
        browser.findElement(By.id("create-key")).click();
        return wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("new-key-secret"))).getText().strip();
    }

    private void signOut() {
        browser.findElement(By.id("sign-out")).click();
        wait.until(ExpectedConditions.urlContains("/dashboard/signin"));
    }

    @Test
    void aNewUserSignsUpCreatesAKeyUsesItAndRevokesIt() {
        Api api = new Api(server.getURI(), json);
        signUp("first-" + UUID.randomUUID() + "@example.com", "a long enough password");
        Browser.screenshot(browser, "keys-empty", 1280);

        String secret = createKey("laptop");
        assertTrue(secret.startsWith("di_live_"), secret);
        Browser.screenshot(browser, "key-created", 1280);
        Browser.screenshot(browser, "key-created-phone", 390);

        // Shown once: the list shows the key's start, and no page shows the secret again.
        browser.navigate().refresh();
        WebElement row = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#keys-table tbody tr")));
        assertTrue(row.getText().contains("laptop"));
        assertTrue(row.getText().contains(secret.substring(0, 12)));
        assertFalse(browser.getPageSource().contains(secret));

        var listed = api.get("/api/v1/domains?perPage=2", secret);
        assertEquals(200, listed.status());
        assertEquals(499, listed.remaining());

        // The usage page shows the call: the account's count, and the key's.
        browser.findElement(By.linkText("Usage")).click();
        wait.until(ExpectedConditions.urlContains("/dashboard/usage"));
        assertEquals("1", browser.findElement(By.id("used-today")).getText());
        assertEquals("499", browser.findElement(By.id("remaining-today")).getText());
        assertEquals("1", browser.findElement(By.cssSelector("#usage-table tbody tr .usage-today")).getText());
        assertTrue((Boolean) browser.executeScript("return Chart.getChart('usage-chart').data.datasets[0].data.slice(-1)[0] === 1"),
                "the chart's last bar is today's one request");
        Browser.screenshot(browser, "usage", 1280);
        Browser.screenshot(browser, "usage-phone", 390);

        // The playground values names with the key, as a client would: one bulk request.
        browser.findElement(By.linkText("Playground")).click();
        wait.until(ExpectedConditions.urlContains("/dashboard/playground"));
        browser.findElement(By.id("playground-key")).sendKeys(secret);
        browser.findElement(By.id("playground-names")).sendKeys("carinsurance.com\nexample-shop.net\nnot_a_domain!");
        browser.findElement(By.id("playground-run")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("playground-status"), "requests left today"));
        var results = browser.findElements(By.cssSelector("#playground-table tbody tr"));
        assertEquals(3, results.size());
        assertTrue(results.get(0).getText().startsWith("carinsurance.com") && results.get(0).getText().contains("$"), results.get(0).getText());
        assertTrue(browser.findElement(By.id("playground-status")).getText().contains("498 of 500"));
        assertTrue(browser.findElement(By.id("playground-csv")).getAttribute("href").startsWith("blob:"));
        Browser.screenshot(browser, "playground", 1280);

        browser.findElement(By.linkText("Keys")).click();
        row = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#keys-table tbody tr")));

        // Revoke, confirming the browser's dialog: the very next request is refused.
        row.findElement(By.xpath(".//button[text()='Revoke']")).click();
        wait.until(ExpectedConditions.alertIsPresent()).accept();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("#keys-table tbody tr"), "revoked"));
        var refused = api.get("/api/v1/domains?perPage=2", secret);
        assertEquals(401, refused.status());
        assertEquals("revoked_api_key", refused.errorCode());
        signOut();
    }

    @Test
    void aSecondAccountSeesNoneOfTheFirstsKeys() {
        signUp("owner-" + UUID.randomUUID() + "@example.com", "first account password");
        createKey("owner's key");
        signOut();

        signUp("other-" + UUID.randomUUID() + "@example.com", "second account password");
        assertTrue(browser.findElements(By.cssSelector("#keys-table tbody tr")).isEmpty());
        assertTrue(browser.findElement(By.id("no-keys")).isDisplayed());
        assertFalse(browser.getPageSource().contains("owner's key"));
        signOut();
    }
}
