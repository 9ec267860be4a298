package domainintel.dashboard;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Produces;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.views.ModelAndView;

import java.util.Map;

/**
 * The valuation playground. The page itself calls the public API (playground.js) with a key the
 * user pastes, so it is counted and limited exactly like any client's request.
 */
@Controller(Dashboard.PATH + "/playground")
@Produces(MediaType.TEXT_HTML)
@ExecuteOn(TaskExecutors.BLOCKING)
public class PlaygroundPageController {
    private final Pages pages;

    public PlaygroundPageController(Pages pages) {
        this.pages = pages;
    }

    @Get
    public ModelAndView<Map<String, Object>> page(HttpRequest<?> request) {
        return pages.page("dashboard/playground", "playground", request,
                Map.of("batchLimit", Pages.account(request).tier().batchLimit()));
    }
}
