package domainintel.dashboard;

import domainintel.support.Api;
import domainintel.support.Browser;
import domainintel.support.StandardWebhooksVerifier;
import domainintel.support.TempDataDir;
import domainintel.support.WebhookReceiver;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A new user's whole path through the dashboard in a real headless Chromium, against the real
 * server and stores, with the key then used over real HTTP, and webhooks delivered to a real
 * receiver on loopback (hence private targets allowed). The session cookie keeps its default
 * Secure flag: browsers accept it from http://localhost. Every wait is on a condition.
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
    WebhookReceiver receiver;
    Api api;

    @Override
    public Map<String, String> getProperties() {
        return withProperties(Map.of("webhooks.allow-private-targets", "true"));
    }

    @BeforeAll
    void startBrowser() {
        browser = Browser.start();
        // Generous for a loaded 2-core machine: a wait ends as soon as its condition holds.
        wait = new WebDriverWait(browser, Duration.ofSeconds(30));
        receiver = new WebhookReceiver();
        api = new Api(server.getURI(), json);
    }

    @AfterAll
    void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
        if (receiver != null) {
            receiver.close();
        }
    }

    /** Each test starts signed out, whatever the one before left behind. */
    @BeforeEach
    void signedOut() {
        browser.get(url("/dashboard/signin"));
        browser.manage().deleteAllCookies();
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

    /** An operator moves the account of {@code key} to Enterprise through the admin API. */
    private void makeEnterprise(String key) {
        String account = api.get("/api/v1/usage", key).data().get("usage").get("account").getStringValue();
        var moved = api.send("PUT", "/admin/v1/accounts/" + account, Api.ADMIN_TOKEN, "application/json", "{\"tier\":\"enterprise\"}");
        assertEquals(200, moved.status(), moved.raw().body());
    }

    private void openWebhooks() {
        browser.findElement(By.linkText("Webhooks")).click();
        wait.until(ExpectedConditions.urlContains("/dashboard/webhooks"));
    }

    /** The status a signed-in fetch of {@code path} gets, from inside the page (same cookies). */
    private long fetchStatus(String path) {
        return (Long) browser.executeAsyncScript(
                "fetch(arguments[0], {headers: {'HX-Request': 'true'}}).then(r => arguments[1](r.status))", path);
    }

    @Test
    void aNewUserSignsUpCreatesAKeyUsesItAndRevokesIt() {
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
        // One name a line: a line with spaces in it is one (invalid) name, not three.
        browser.findElement(By.id("playground-names")).sendKeys("carinsurance.com\nexample-shop.net\nnot a domain\n\n");
        browser.findElement(By.id("playground-run")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("playground-status"), "requests left today"));
        var results = browser.findElements(By.cssSelector("#playground-table tbody tr"));
        assertEquals(3, results.size());
        assertTrue(results.get(0).getText().startsWith("carinsurance.com") && results.get(0).getText().contains("$"), results.get(0).getText());
        assertTrue(results.get(2).getText().startsWith("not a domain") && results.get(2).getText().contains("whitespace"),
                results.get(2).getText());
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
    void anEnterpriseAccountAddsAWebhookTestsItReadsItsLogAndDeletesIt() {
        signUp("hooks-" + UUID.randomUUID() + "@example.com", "a long enough password");
        String key = createKey("alerts");

        // Sovereign: a clear note, no form.
        openWebhooks();
        assertTrue(browser.findElement(By.id("enterprise-only")).getText().contains("Enterprise only"));
        assertTrue(browser.findElements(By.id("webhook-form")).isEmpty());

        makeEnterprise(key);
        browser.navigate().refresh();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("webhook-form")));
        assertTrue(browser.findElement(By.id("no-webhooks")).isDisplayed());

        // The same checks as the API: an ftp URL is refused with the SSRF guard's message.
        browser.findElement(By.id("webhook-url")).sendKeys("ftp://127.0.0.1/hooks");
        browser.findElement(By.id("create-webhook")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("webhooks-error"), "https"));

        String target = receiver.url("/dashboard-hooks");
        browser.findElement(By.id("webhook-url")).clear();
        browser.findElement(By.id("webhook-url")).sendKeys(target);
        browser.findElement(By.cssSelector("summary")).click();
        browser.findElement(By.id("webhook-tlds")).sendKeys("com, io");
        browser.findElement(By.id("create-webhook")).click();
        String secret = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("new-webhook-secret"))).getText().strip();
        assertTrue(secret.startsWith("whsec_"), "a Standard Webhooks secret");
        WebElement listed = browser.findElement(By.cssSelector("#webhooks-list li.webhook"));
        assertTrue(listed.getText().contains(target) && listed.getText().contains("TLDs com, io"), listed.getText());
        String id = listed.getAttribute("data-webhook-id");
        Browser.screenshot(browser, "webhook-created", 1280, By.id("new-webhook"));

        // Shown once: after a reload the webhook is listed, its secret is nowhere on the page.
        browser.navigate().refresh();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#webhooks-list li.webhook")));
        assertFalse(browser.getPageSource().contains(secret));
        assertTrue(browser.findElements(By.id("new-webhook-secret")).isEmpty());

        // One owner for both doors: the API, with the account's key, lists the webhook the page made.
        var fromApi = api.get("/api/v1/webhooks", key);
        assertEquals(200, fromApi.status());
        assertEquals(1, fromApi.data().get("webhooks").size());
        assertEquals(id, fromApi.data().get("webhooks").get(0).get("id").getStringValue());
        assertTrue(fromApi.raw().body().indexOf(secret) < 0, "the API never shows the secret again");

        // A test event reaches the receiver, signed with the secret shown once, and the log shows it delivered.
        browser.findElement(By.cssSelector("li.webhook .test-webhook")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("webhooks-notice")));
        WebhookReceiver.await(() -> receiver.received("/dashboard-hooks").size() == 1, "the test event at the receiver");
        WebhookReceiver.Received received = receiver.received("/dashboard-hooks").get(0);
        assertTrue(new StandardWebhooksVerifier(secret).verifies(received), "signed with the webhook's secret");
        assertTrue(received.body().contains("\"type\":\"webhook.test\"") && received.body().contains(id), received.body());
        // The log reloads itself while the delivery is pending; wait for the outcome.
        By log = By.cssSelector("#log-" + id + " table.deliveries tbody tr");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(log, "delivered"));
        WebElement delivery = browser.findElement(log);
        assertTrue(delivery.getText().contains("webhook.test"), delivery.getText());
        assertEquals("1", delivery.findElement(By.cssSelector("td:nth-child(3)")).getText());
        assertEquals("200", delivery.findElement(By.cssSelector(".last-code")).getText());
        Browser.screenshot(browser, "webhooks", 1280, By.id("webhooks-notice"));
        Browser.screenshot(browser, "webhooks-phone", 390, By.id("webhooks-list"));

        // Delete, confirming the browser's dialog: gone from the page and from the API.
        browser.findElement(By.cssSelector("li.webhook .delete-webhook")).click();
        wait.until(ExpectedConditions.alertIsPresent()).accept();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("no-webhooks")));
        assertEquals(0, api.get("/api/v1/webhooks", key).data().get("webhooks").size());
        assertEquals(404, api.get("/api/v1/webhooks/" + id, key).status());
        signOut();
    }

    @Test
    void aSecondAccountSeesNoneOfTheFirstsKeysOrWebhooks() {
        signUp("owner-" + UUID.randomUUID() + "@example.com", "first account password");
        String ownerKey = createKey("owner's key");
        makeEnterprise(ownerKey);
        // Registered through the API with the account's key: the account's page lists it too.
        var registered = api.postJson("/api/v1/webhooks", ownerKey,
                "{\"url\":\"" + receiver.url("/owner-only") + "\",\"events\":[\"domain.listed\"]}");
        assertEquals(201, registered.status(), registered.raw().body());
        String webhookId = registered.data().get("webhook").get("id").getStringValue();
        openWebhooks();
        assertNotNull(wait.until(ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector("#webhooks-list li.webhook[data-webhook-id='" + webhookId + "']"))));
        signOut();

        signUp("other-" + UUID.randomUUID() + "@example.com", "second account password");
        assertTrue(browser.findElements(By.cssSelector("#keys-table tbody tr")).isEmpty());
        assertTrue(browser.findElement(By.id("no-keys")).isDisplayed());
        assertFalse(browser.getPageSource().contains("owner's key"));
        String otherKey = createKey("other's key");
        makeEnterprise(otherKey);

        openWebhooks();
        assertTrue(wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("no-webhooks"))).isDisplayed());
        assertFalse(browser.getPageSource().contains(webhookId));
        assertFalse(browser.getPageSource().contains("/owner-only"));
        // Nor through the dashboard's own routes by id, nor through the API with the second account's key.
        assertEquals(404, fetchStatus("/dashboard/webhooks/" + webhookId + "/deliveries"));
        assertEquals(0, api.get("/api/v1/webhooks", otherKey).data().get("webhooks").size());
        assertEquals(404, api.get("/api/v1/webhooks/" + webhookId, otherKey).status());
        assertEquals(404, api.postJson("/api/v1/webhooks/" + webhookId + "/test", otherKey, "").status());
        assertEquals(404, api.send("DELETE", "/api/v1/webhooks/" + webhookId, otherKey, null, null).status());
        assertEquals(1, api.get("/api/v1/webhooks", ownerKey).data().get("webhooks").size(), "still there for its owner");
        signOut();
    }
}
