package domainintel.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;

/**
 * Headless Chromium and chromedriver from Debian's packages (.ci/run installs them), started so
 * that nothing the browser or a page does can reach the network: only loopback resolves. Without
 * the packages the browser tests are skipped, except in CI ({@code REQUIRE_BROWSER=true}), where
 * they fail instead.
 */
public final class Browser {
    private static final File CHROMIUM = new File("/usr/bin/chromium");
    private static final File CHROMEDRIVER = new File("/usr/bin/chromedriver");
    private static final ObjectMapper JSON = new ObjectMapper();

    private Browser() {
    }

    public static ChromeDriver start() {
        boolean present = CHROMIUM.canExecute() && CHROMEDRIVER.canExecute();
        if (!present && "true".equals(System.getenv("REQUIRE_BROWSER"))) {
            throw new IllegalStateException("Chromium and chromedriver are required: apt-get install -y chromium chromium-driver");
        }
        Assumptions.assumeTrue(present, "Chromium not installed: apt-get install -y chromium chromium-driver");
        try {
            ChromeOptions options = new ChromeOptions();
            options.setBinary(CHROMIUM);
            // The performance log records every request the browser sends (Network.requestWillBeSent),
            // failed ones included, so a test can show that nothing it did left loopback.
            LoggingPreferences logs = new LoggingPreferences();
            logs.enable(LogType.PERFORMANCE, Level.ALL);
            options.setCapability("goog:loggingPrefs", logs);
            options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1",
                    "--user-data-dir=" + Files.createTempDirectory("chromium-profile"), "--window-size=1280,900");
            ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER)
                    .usingAnyFreePort().build();
            return new ChromeDriver(service, options);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The URL of every request the browser sent since the last call, except the browser's own
     * in-memory ones (data:, blob:, and chrome:// for its new-tab page), which reach no network.
     */
    public static List<String> requestedUrls(ChromeDriver driver) {
        List<String> urls = new ArrayList<>();
        for (LogEntry entry : driver.manage().logs().get(LogType.PERFORMANCE)) {
            try {
                JsonNode message = JSON.readTree(entry.getMessage()).path("message");
                if (message.path("method").asText().equals("Network.requestWillBeSent")) {
                    String url = message.path("params").path("request").path("url").asText();
                    if (!url.startsWith("data:") && !url.startsWith("blob:") && !url.startsWith("chrome:")) {
                        urls.add(url);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return urls;
    }

    /**
     * Saves a screenshot at the given width when {@code -Dscreenshots=DIR} is set (how the README's
     * pictures are made); otherwise does nothing.
     */
    public static void screenshot(ChromeDriver driver, String name, int width) {
        screenshot(driver, name, width, null);
    }

    /** {@link #screenshot(ChromeDriver, String, int)} with the page scrolled so that {@code top} starts the picture. */
    public static void screenshot(ChromeDriver driver, String name, int width, By top) {
        String dir = System.getProperty("screenshots");
        if (dir == null) {
            return;
        }
        Dimension before = driver.manage().window().getSize();
        try {
            driver.manage().window().setSize(new Dimension(width, width < 600 ? 1100 : 900));
            Thread.sleep(300); // let the layout settle at the new width
            if (top != null) {
                driver.executeScript("arguments[0].scrollIntoView()", driver.findElement(top));
            }
            Path target = Path.of(dir).resolve(name + ".png");
            Files.createDirectories(target.getParent());
            Files.copy(((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath(), target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            driver.manage().window().setSize(before);
        }
    }
}
