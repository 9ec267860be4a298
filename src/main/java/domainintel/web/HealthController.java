package domainintel.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.NonBlocking;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Produces;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;

/** Liveness for load balancers and the benchmark's baseline: no key, no quota, no store call. */
@Controller("/health")
@Tag(name = "Service")
@EdgeRefusals
public class HealthController {

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Health(String status) {
    }

    /**
     * Answered on the event loop: nothing here blocks, and a hand-off would cost more than the answer.
     * Whatever the Accept (a probe may send {@code text/plain} or none): the process is up, and says
     * so in JSON, the first type listed.
     */
    @Get
    @NonBlocking
    @Produces({MediaType.APPLICATION_JSON, MediaType.ALL})
    @Operation(summary = "Liveness", description = "Answers `up` while the process serves. No key, no quota.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "200", description = "The process is up.")
    public ApiResponse<Health> health() {
        return ApiResponse.ok(new Health("up"));
    }
}
