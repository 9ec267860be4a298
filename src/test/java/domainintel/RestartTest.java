package domainintel;

import domainintel.support.Api;
import domainintel.support.UtcDay;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Keys, quota counters and the catalogue live under DATA_DIR and survive a restart of the server. */
class RestartTest {
    private static EmbeddedServer start(Path dataDir) {
        return ApplicationContext.run(EmbeddedServer.class, Map.of(
                "data-dir", dataDir.toString(), "admin.token", Api.ADMIN_TOKEN, "micronaut.server.port", "-1"));
    }

    @Test
    void stateSurvivesARestart() throws Exception {
        Path dataDir = Files.createTempDirectory("restart");
        // 499 then 498 across the restart: both requests must fall on one UTC day.
        UtcDay.atLeastLeft(Duration.ofMinutes(5));
        String key;
        try (EmbeddedServer first = start(dataDir)) {
            Api api = new Api(first.getURI(), first.getApplicationContext().getBean(JsonMapper.class));
            key = api.createKey("sovereign", null);
            assertEquals(499, api.get("/api/v1/domains", key).remaining());
            assertEquals(201, api.send("PUT", "/admin/v1/domains/restartcheck.com", Api.ADMIN_TOKEN,
                    "application/json", "{\"price\":4200}").status());
        }
        try (EmbeddedServer second = start(dataDir)) {
            Api api = new Api(second.getURI(), second.getApplicationContext().getBean(JsonMapper.class));
            var reply = api.get("/api/v1/domains?q=restartcheck", key);
            assertEquals(200, reply.status());
            assertEquals(498, reply.remaining());
            assertEquals(4200, reply.data().get("domains").get(0).get("price").getLongValue());
            assertEquals(3001, api.get("/api/v1/domains?perPage=1", key).data().get("meta").get("total").getLongValue(),
                    "the demo catalogue is not loaded twice");
        }
    }
}
