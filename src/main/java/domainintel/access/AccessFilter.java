package domainintel.access;

import domainintel.contract.Rejection;
import domainintel.web.ApiPaths;
import domainintel.contract.ErrorCode;
import domainintel.web.RateLimit;
import io.micronaut.core.annotation.AnnotationMetadata;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;
import io.micronaut.web.router.RouteAttributes;
import io.micronaut.web.router.Router;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * In front of every {@code /api/v1} and {@code /v1} route: the Bearer key, its account's tier against
 * the route's {@link RequiresTier}, and the account's exact daily quota, in one DynamoDB write (one
 * read for an {@link Uncounted} route). Requests that are
 * admitted are counted whatever their outcome; refused ones (401, 403, 429) are not.
 * Unknown routes and wrong methods are left to the router's 404/405; a request the router refuses for
 * its Content-Type or Accept is a keyed route's request, and has its key checked first.
 */
@ServerFilter(patterns = {ApiPaths.V1 + "/**", ApiPaths.V1_ALIAS + "/**"})
public class AccessFilter implements Ordered {
    private static final String BEARER = "Bearer ";

    private final ApiKeyRepository keys;
    private final Clock clock;
    private final Router router;

    public AccessFilter(ApiKeyRepository keys, Clock clock, Router router) {
        this.keys = keys;
        this.clock = clock;
        this.router = router;
    }

    /**
     * Runs on the event loop and returns at once: the request goes on (or is refused) when the one
     * DynamoDB write answers, with no thread held while it waits. It runs before the route's body is
     * read, so a request without a valid key is refused before its body is looked at.
     */
    @RequestFilter
    public CompletionStage<HttpRequest<?>> authorize(HttpRequest<?> request) {
        var route = RouteAttributes.getRouteMatch(request).<AnnotationMetadata>map(match -> match.getAnnotationMetadata())
                .or(() -> refusedForMediaType(request));
        if (route.isEmpty()) {
            return CompletableFuture.completedFuture(request);
        }
        var metadata = route.get();
        Tier required = metadata.enumValue(RequiresTier.class, Tier.class).orElse(Tier.SOVEREIGN);
        String key = bearerToken(request);
        Optional<String> account = ApiKeySecrets.isWellFormed(key) ? ApiKeySecrets.accountOf(key) : Optional.empty();
        if (account.isEmpty()) {
            throw new Rejection(ErrorCode.INVALID_API_KEY, "The API key is not valid.");
        }
        Instant now = clock.instant();
        String hash = ApiKeySecrets.sha256Hex(key);
        var answer = metadata.hasAnnotation(Uncounted.class)
                ? keys.identify(account.get(), hash, required, now)
                : keys.admit(account.get(), hash, required, now);
        return answer.thenApply(admission -> {
            apply(admission, required, request, QuotaDay.of(now), now);
            return request;
        });
    }

    /**
     * The route a request would have matched but for its Content-Type or Accept. The router answers
     * those (415, or 406 sent as 400) before any filter, with no route on the request; the filters
     * still run around that answer, so the key is checked here as for the route itself: no valid key
     * is 401, a low tier 403, and a valid key's request is counted like any other invalid one and
     * carries its quota. Nothing reads the body of such a request. An unknown path or a wrong method
     * has no such route and stays the router's uncounted 404/405.
     */
    private Optional<AnnotationMetadata> refusedForMediaType(HttpRequest<?> request) {
        return router.findAny(request).stream()
                .filter(match -> match.getRouteInfo().getHttpMethodName().equals(request.getMethodName()))
                .<AnnotationMetadata>map(match -> match.getRouteInfo().getAnnotationMetadata())
                .findFirst();
    }

    /** Admitted: the caller and its quota on the request. Refused: the reason, as the contract's error. */
    private static void apply(Admission admission, Tier required, HttpRequest<?> request, QuotaDay day, Instant now) {
        if (admission instanceof Admission.Admitted admitted) {
            Tier tier = admitted.caller().tier();
            new RateLimit(tier.dailyQuota(), tier.dailyQuota() - admitted.used(), day.resetAt(), now).attachTo(request);
            request.setAttribute(Caller.ATTRIBUTE, admitted.caller());
        } else if (admission instanceof Admission.RevokedKey) {
            throw new Rejection(ErrorCode.REVOKED_API_KEY, "The API key has been revoked.");
        } else if (admission instanceof Admission.TierTooLow low) {
            new RateLimit(low.tier().dailyQuota(), low.tier().dailyQuota() - low.used(), day.resetAt(), now).attachTo(request);
            throw new Rejection(ErrorCode.INSUFFICIENT_TIER,
                    "This endpoint requires the " + required.wireName() + " tier; this key is " + low.tier().wireName() + ".");
        } else if (admission instanceof Admission.QuotaExhausted exhausted) {
            int quota = exhausted.tier().dailyQuota();
            new RateLimit(quota, 0, day.resetAt(), now).attachTo(request);
            throw new Rejection(ErrorCode.QUOTA_EXCEEDED,
                    "Daily quota of " + quota + " requests used; resets at " + day.resetAt() + ".");
        } else {
            throw new Rejection(ErrorCode.INVALID_API_KEY, "The API key is not valid.");
        }
    }

    /**
     * The key from {@code Authorization: Bearer <key>}; {@code missing_api_key} when there is none.
     * Two {@code Authorization} headers are refused as {@code invalid_api_key}: which of two keys
     * pays for the request would be a guess, and a silent one.
     */
    static String bearerToken(HttpRequest<?> request) {
        var headers = request.getHeaders().getAll(HttpHeaders.AUTHORIZATION);
        if (headers.size() > 1) {
            throw new Rejection(ErrorCode.INVALID_API_KEY, "Send one Authorization header: this request has "
                    + headers.size() + ".");
        }
        String header = headers.isEmpty() ? null : headers.get(0);
        if (header == null || header.length() <= BEARER.length()
                || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            throw new Rejection(ErrorCode.MISSING_API_KEY,
                    "Send your API key as 'Authorization: Bearer <key>'.");
        }
        return header.substring(BEARER.length()).strip();
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.SECURITY.order();
    }
}
