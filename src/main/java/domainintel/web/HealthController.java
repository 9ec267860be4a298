package domainintel.web;

import io.micronaut.core.annotation.NonBlocking;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;

import java.util.Map;

/** Liveness for load balancers and the benchmark's baseline: no key, no quota, no store call. */
@Controller("/health")
public class HealthController {
    /** Answered on the event loop: nothing here blocks, and a hand-off would cost more than the answer. */
    @Get
    @NonBlocking
    public ApiResponse health() {
        return ApiResponse.ok(Map.of("status", "up"));
    }
}
