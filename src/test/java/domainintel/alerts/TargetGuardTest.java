package domainintel.alerts;

import domainintel.alerts.outbound.TargetGuard;
import domainintel.contract.Rejection;
import domainintel.contract.ErrorCode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.UnknownHostException;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every class of address the SSRF guard must refuse, and the public ones it must allow. No DNS needed: IP literals. */
class TargetGuardTest {
    private final TargetGuard strict = new TargetGuard(false);

    @ParameterizedTest
    @ValueSource(strings = {
            "127.0.0.1", "127.255.255.254",          // loopback
            "0.0.0.0", "0.1.2.3",                      // "this network"
            "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1", // private
            "169.254.169.254", "169.254.0.1",          // link-local, cloud metadata
            "100.64.0.1", "100.127.255.255",           // CGNAT
            "224.0.0.1", "239.255.255.250",            // multicast
            "240.0.0.1", "255.255.255.255",            // reserved, broadcast
            "192.0.0.8", "192.0.2.1", "198.51.100.7", "203.0.113.9", "198.18.0.1", // special-purpose / documentation
            "::1", "::",                               // IPv6 loopback, unspecified
            "fc00::1", "fd12:3456:789a::1",            // IPv6 ULA
            "fe80::1", "febf::1",                      // IPv6 link-local
            "ff02::1",                                 // IPv6 multicast
            "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", // IPv4-mapped
            "64:ff9b::a9fe:a9fe",                      // NAT64 of 169.254.169.254
            "2002:7f00:1::1",                          // 6to4 of 127.0.0.1
            "2001:db8::1", "2001::1", "100::1"         // documentation, Teredo, discard
    })
    void refusesNonPublicAddresses(String literal) throws UnknownHostException {
        assertFalse(TargetGuard.isPublic(InetAddress.getByName(literal)), literal);
        String host = literal.contains(":") ? "[" + literal + "]" : literal;
        Rejection e = assertThrows(Rejection.class, () -> strict.checkUrl("https://" + host + "/hook"));
        assertEquals(ErrorCode.INVALID_WEBHOOK_URL, e.code());
        assertThrows(TargetGuard.RefusedTarget.class, () -> strict.resolve(literal));
    }

    @ParameterizedTest
    @ValueSource(strings = {"8.8.8.8", "1.1.1.1", "93.184.215.14", "100.128.0.1", "172.32.0.1", "2606:4700:4700::1111",
            "2a00:1450:4001::200e", "::ffff:8.8.8.8"})
    void allowsPublicAddresses(String literal) throws UnknownHostException {
        assertTrue(TargetGuard.isPublic(InetAddress.getByName(literal)), literal);
        String host = literal.contains(":") ? "[" + literal + "]" : literal;
        assertDoesNotThrow(() -> strict.checkUrl("https://" + host + "/hook"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://8.8.8.8/hook", "ftp://8.8.8.8/x", "//8.8.8.8/x", "https:///x", "https://user:pw@8.8.8.8/x",
            "https://8.8.8.8/x#frag", "not a url", "https://localhost/hook", "https://no-such-host.invalid/hook"})
    void refusesBadShapesAndLocalOrUnresolvableHosts(String url) {
        Rejection e = assertThrows(Rejection.class, () -> strict.checkUrl(url));
        assertEquals(ErrorCode.INVALID_WEBHOOK_URL, e.code(), url);
    }

    @Test
    void privateTargetsAllowedOnlyWhenConfigured() {
        TargetGuard relaxed = new TargetGuard(true);
        assertDoesNotThrow(() -> relaxed.checkUrl("http://127.0.0.1:9/hook"));
        assertThrows(Rejection.class, () -> relaxed.checkUrl("ftp://127.0.0.1/hook"));
        assertThrows(Rejection.class, () -> strict.checkUrl("http://127.0.0.1:9/hook"));
    }
}
