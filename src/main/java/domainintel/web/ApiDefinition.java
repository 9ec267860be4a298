package domainintel.web;

import io.micronaut.openapi.annotation.OpenAPIExclude;
import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.enums.SecuritySchemeType;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.security.SecurityScheme;
import io.swagger.v3.oas.annotations.tags.Tag;

/**
 * The spec's front matter, read at compile time by micronaut-openapi: what the API is, how a caller
 * authenticates, and the groups of operations. The operations come from the controllers, except the
 * dashboard's: those are web pages for people, not part of the API (README, Dashboard). Each API
 * controller names its security scheme itself (there is no global requirement), so the operations
 * that need no key (health, the spec, the docs page) show none.
 */
@OpenAPIDefinition(
        info = @Info(title = "Domain Intelligence API", version = "1",
                description = """
                        Listings of domains for sale, AI valuations, market trends and signed price alerts.

                        Every answer is the envelope `{"success", "data" | "error", "rateLimit"}`. Authenticate with \
                        `Authorization: Bearer <key>`; each operation names the lowest plan that may call it in \
                        `x-required-tier` (`sovereign` < `enterprise`). Every route under `/api/v1` is also served \
                        under the alias `/v1`. Quotas: 500 (Sovereign) or 1,000 (Enterprise) requests a UTC day, \
                        counted exactly; see `rateLimit` and the `RateLimit` headers."""),
        tags = {
                @Tag(name = "Domains", description = "The catalogue of domains for sale."),
                @Tag(name = "Valuations", description = "Model valuations of any name."),
                @Tag(name = "Market", description = "How the market moved, from real sales (Enterprise)."),
                @Tag(name = "Webhooks", description = "Signed price alerts (Enterprise)."),
                @Tag(name = "Admin", description = "Operators: keys, listings, sales. Bearer ADMIN_TOKEN."),
                @Tag(name = "Usage", description = "What the caller's account used of its quota."),
                @Tag(name = "Service", description = "Liveness and this documentation; no key.")})
@SecurityScheme(name = ApiDocs.BEARER, type = SecuritySchemeType.HTTP, scheme = "bearer", bearerFormat = "API key",
        description = "An API key (`di_live_...`) from an operator.")
@SecurityScheme(name = ApiDocs.ADMIN_BEARER, type = SecuritySchemeType.HTTP, scheme = "bearer",
        description = "The operators' token (ADMIN_TOKEN).")
@OpenAPIExclude(packages = "domainintel.dashboard")
public final class ApiDefinition {
    private ApiDefinition() {
    }
}
