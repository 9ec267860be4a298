package domainintel.web;

import domainintel.contract.ErrorCode;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.SdkClientException;

/**
 * DynamoDB out of reach (the SDK's client-side failure: connection refused, timeout) is a 503
 * the caller can retry, not a 500. The request is not counted: the count never happened.
 */
@Produces
@Singleton
public class StoreUnavailableHandler implements ExceptionHandler<SdkClientException, HttpResponse<ApiResponse>> {
    private static final Logger LOG = LoggerFactory.getLogger(StoreUnavailableHandler.class);

    @Override
    public HttpResponse<ApiResponse> handle(HttpRequest request, SdkClientException exception) {
        LOG.warn("DynamoDB unreachable for request {}: {}", RequestIds.of(request), exception.getMessage());
        return ErrorEnvelopes.of(request, ErrorCode.SERVICE_UNAVAILABLE, ErrorEnvelopes.defaultMessage(ErrorCode.SERVICE_UNAVAILABLE, request), null);
    }
}
