package domainintel.web;

import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Closes a local-server connection that does not deliver a complete request head (request line and
 * headers) within {@code server.request-head-timeout} of opening, or of its previous response. The
 * idle timeouts cannot catch a client dripping one header byte at a time (each byte resets them);
 * this deadline does. Bodies are not covered: once the head is in, the read idle timeout applies.
 */
@Singleton
@Requires(classes = NettyServerCustomizer.class)
public class RequestHeadDeadline implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {
    private final Duration timeout;

    public RequestHeadDeadline(@Property(name = "server.request-head-timeout", defaultValue = "10s") Duration timeout) {
        this.timeout = timeout;
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        event.getBean().register(new PerConnection(null));
        return event.getBean();
    }

    private final class PerConnection implements NettyServerCustomizer {
        private final Channel channel;

        PerConnection(Channel channel) {
            this.channel = channel;
        }

        @Override
        public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
            return role == ChannelRole.CONNECTION ? new PerConnection(channel) : this;
        }

        @Override
        public void onStreamPipelineBuilt() {
            if (channel != null && channel.pipeline().get(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC) != null) {
                channel.pipeline().addAfter(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, "request-head-deadline",
                        new Handler(timeout));
            }
        }
    }

    /** Armed while the connection waits for a request head; disarmed while requests are in flight. */
    static final class Handler extends ChannelDuplexHandler {
        private final Duration timeout;
        private ScheduledFuture<?> deadline;
        private int inFlight;

        Handler(Duration timeout) {
            this.timeout = timeout;
        }

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            arm(ctx);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
            if (msg instanceof HttpRequest) {
                inFlight++;
                disarm();
            }
            super.channelRead(ctx, msg);
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
            if (msg instanceof LastHttpContent && inFlight > 0 && --inFlight == 0) {
                arm(ctx);
            }
            super.write(ctx, msg, promise);
        }

        @Override
        public void handlerRemoved(ChannelHandlerContext ctx) {
            disarm();
        }

        private void arm(ChannelHandlerContext ctx) {
            disarm();
            deadline = ctx.executor().schedule(() -> {
                ctx.close();
            }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        }

        private void disarm() {
            if (deadline != null) {
                deadline.cancel(false);
                deadline = null;
            }
        }
    }
}
