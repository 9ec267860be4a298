package domainintel.web;

/**
 * Route prefixes. Every public route is declared under the canonical prefix only; {@link V1AliasRoutes}
 * serves it under the alias too, so {@code /v1/...} serves exactly what {@code /api/v1/...} serves.
 */
public final class ApiPaths {
    public static final String V1 = "/api/v1";
    public static final String V1_ALIAS = "/v1";
    public static final String ADMIN = "/admin/v1";

    private ApiPaths() {
    }
}
