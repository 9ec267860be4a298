package domainintel.faults;

import domainintel.aws.AwsEndpoints;
import domainintel.support.TempDataDir;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The embedded stores hold keys, quotas and webhooks with no authentication of their own: they must
 * accept connections on loopback only. Tried from every non-loopback address of this machine.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LoopbackOnlyTest implements TempDataDir {
    @Inject
    AwsEndpoints endpoints;

    @Test
    void embeddedStoresRefuseEveryAddressButLoopback() throws Exception {
        List<InetAddress> outside = nonLoopbackAddresses();
        assumeFalse(outside.isEmpty(), "this machine has no address but loopback");
        for (URI store : List.of(endpoints.dynamoDb(), endpoints.sqs())) {
            try (Socket ok = new Socket()) {
                ok.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), store.getPort()), 2_000);
            }
            for (InetAddress address : outside) {
                assertThrows(IOException.class, () -> {
                    try (Socket socket = new Socket()) {
                        socket.connect(new InetSocketAddress(address, store.getPort()), 2_000);
                    }
                }, store + " answered on " + address.getHostAddress());
            }
        }
    }

    private static List<InetAddress> nonLoopbackAddresses() throws SocketException {
        List<InetAddress> addresses = Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
                .filter(i -> {
                    try {
                        return i.isUp() && !i.isLoopback();
                    } catch (SocketException e) {
                        return false;
                    }
                })
                .flatMap(i -> Collections.list(i.getInetAddresses()).stream())
                .filter(a -> !a.isLoopbackAddress() && !a.isLinkLocalAddress())
                .toList();
        assertFalse(addresses.stream().anyMatch(InetAddress::isAnyLocalAddress));
        return addresses;
    }
}
