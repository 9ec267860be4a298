package domainintel.dashboard;

/** The dashboard's paths and cookie names, in one place for the controllers, filter and tests. */
public final class Dashboard {
    public static final String PATH = "/dashboard";
    public static final String SIGN_IN = PATH + "/signin";
    public static final String SIGN_UP = PATH + "/signup";
    public static final String SESSION_COOKIE = "di_session";
    public static final String CSRF_COOKIE = "di_csrf";
    public static final String CSRF_HEADER = "X-CSRF-TOKEN";

    private Dashboard() {
    }
}
