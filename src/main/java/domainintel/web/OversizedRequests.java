package domainintel.web;

import domainintel.contract.ErrorCode;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import jakarta.inject.Singleton;

import java.util.Optional;

/**
 * The local Netty server refuses an over-long request line or header block before routing, and the
 * framework calls both "413 body too large". This tells them apart: 414 and 431. (On AWS, API
 * Gateway enforces its own limits before a function runs; this bean does not exist there.)
 */
@Singleton
@Requires(classes = NettyHttpRequest.class)
public class OversizedRequests {

    /** The code for a request the HTTP decoder refused as too long, if that is what happened. */
    public Optional<ErrorCode> refusal(HttpRequest<?> request) {
        if (request instanceof NettyHttpRequest<?> netty && netty.getNativeRequest().decoderResult().isFailure()) {
            Throwable cause = netty.getNativeRequest().decoderResult().cause();
            if (cause instanceof TooLongHttpLineException) {
                return Optional.of(ErrorCode.URI_TOO_LONG);
            }
            if (cause instanceof TooLongHttpHeaderException) {
                return Optional.of(ErrorCode.HEADERS_TOO_LARGE);
            }
        }
        return Optional.empty();
    }
}
