package domainintel.alerts.outbound;

import domainintel.alerts.WebhookProperties;
import domainintel.contract.Rejection;
import domainintel.contract.ErrorCode;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * The SSRF guard: a webhook target must be {@code https} and every address its host resolves to
 * must be public. Checked at registration and again at each delivery, where {@link WebhookHttp}
 * connects only to the addresses this check returned (no second lookup, so no DNS rebinding).
 * {@code webhooks.allow-private-targets=true} (local testing only) also allows {@code http} and
 * non-public addresses.
 */
@Singleton
public class TargetGuard {
    static final int MAX_URL_LENGTH = 2048;

    private final boolean allowPrivate;

    @Inject
    public TargetGuard(WebhookProperties properties) {
        this(properties.allowPrivateTargets());
    }

    public TargetGuard(boolean allowPrivate) {
        this.allowPrivate = allowPrivate;
    }

    /** A refused target, with the reason a client can act on. */
    public static class RefusedTarget extends UnknownHostException {
        public RefusedTarget(String message) {
            super(message);
        }
    }

    /** Parses and checks a target URL: {@code invalid_webhook_url} naming the problem otherwise. */
    public URI checkUrl(String url) {
        URI uri = parse(url);
        try {
            resolve(uri.getHost());
        } catch (UnknownHostException e) {
            throw invalid(e instanceof RefusedTarget ? e.getMessage() : "The host '" + uri.getHost() + "' does not resolve.");
        }
        return uri;
    }

    /** The URL's shape: absolute https (or http when private targets are allowed), a host, no credentials. */
    public URI parse(String url) {
        if (url.length() > MAX_URL_LENGTH) {
            throw invalid("The URL is longer than " + MAX_URL_LENGTH + " characters.");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw invalid("The URL is not valid: " + e.getReason() + ".");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !(allowPrivate && scheme.equals("http"))) {
            throw invalid("The URL must use https.");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw invalid("The URL must name a host.");
        }
        if (uri.getPort() != -1 && (uri.getPort() < 1 || uri.getPort() > 65_535)) {
            throw invalid("The URL's port must be from 1 to 65535.");
        }
        if (uri.getRawUserInfo() != null) {
            throw invalid("The URL must not carry credentials.");
        }
        if (uri.getRawFragment() != null) {
            throw invalid("The URL must not have a fragment.");
        }
        return uri;
    }

    /**
     * Resolves a host once and returns its addresses, all of them public; a {@link RefusedTarget}
     * if any is not (one private answer among public ones is enough to refuse: the connection could
     * go to either).
     */
    public InetAddress[] resolve(String host) throws UnknownHostException {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        InetAddress[] addresses = InetAddress.getAllByName(bare);
        if (!allowPrivate) {
            for (InetAddress address : addresses) {
                if (!isPublic(address)) {
                    throw new RefusedTarget("The host '" + host + "' resolves to " + address.getHostAddress()
                            + ", which is not a public address.");
                }
            }
        }
        return addresses;
    }

    private static Rejection invalid(String message) {
        return new Rejection(ErrorCode.INVALID_WEBHOOK_URL, message);
    }

    /** Public unicast: not loopback, private, link-local, CGNAT, multicast, documentation or otherwise reserved. */
    public static boolean isPublic(InetAddress address) {
        if (address instanceof Inet4Address) {
            return isPublicV4(address.getAddress());
        }
        byte[] b = address.getAddress();
        if (address.isAnyLocalAddress() || address.isLoopbackAddress() || address.isMulticastAddress()
                || address.isLinkLocalAddress() || address.isSiteLocalAddress()) {
            return false;
        }
        int first = b[0] & 0xff;
        int second = b[1] & 0xff;
        if ((first & 0xfe) == 0xfc) {
            return false; // fc00::/7 unique local
        }
        if (isPrefix(b, 10, 0) && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
            return isPublicV4(tail(b)); // ::ffff:a.b.c.d, IPv4-mapped
        }
        if (isPrefix(b, 12, 0)) {
            return false; // ::/96 (IPv4-compatible, deprecated), ::, ::1
        }
        if (first == 0x00 && second == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b) {
            return isPublicV4(tail(b)); // 64:ff9b::/96 NAT64 carries an IPv4 address
        }
        if (first == 0x20 && second == 0x02) {
            return isPublicV4(new byte[]{b[2], b[3], b[4], b[5]}); // 2002::/16 6to4
        }
        if (first == 0x20 && second == 0x01 && (b[2] & 0xff) == 0x0d && (b[3] & 0xff) == 0xb8) {
            return false; // 2001:db8::/32 documentation
        }
        if (first == 0x20 && second == 0x01 && b[2] == 0 && b[3] == 0) {
            return false; // 2001::/32 Teredo: tunnels to an address we cannot check
        }
        if (first == 0x01 && second == 0x00 && b[2] == 0 && b[3] == 0 && isZero(b, 4, 8)) {
            return false; // 100::/64 discard-only
        }
        return (first & 0xe0) == 0x20; // only 2000::/3 is global unicast
    }

    private static boolean isPublicV4(byte[] b) {
        int a0 = b[0] & 0xff, a1 = b[1] & 0xff, a2 = b[2] & 0xff;
        return !(a0 == 0                                   // 0.0.0.0/8 "this network"
                || a0 == 10                                // private
                || a0 == 127                               // loopback
                || (a0 == 100 && (a1 & 0xc0) == 64)        // 100.64.0.0/10 CGNAT
                || (a0 == 169 && a1 == 254)                // link-local, incl. 169.254.169.254 cloud metadata
                || (a0 == 172 && (a1 & 0xf0) == 16)        // private
                || (a0 == 192 && a1 == 0 && a2 == 0)       // 192.0.0.0/24 IETF protocol assignments
                || (a0 == 192 && a1 == 0 && a2 == 2)       // TEST-NET-1
                || (a0 == 192 && a1 == 88 && a2 == 99)     // 6to4 relay anycast
                || (a0 == 192 && a1 == 168)                // private
                || (a0 == 198 && (a1 & 0xfe) == 18)        // 198.18.0.0/15 benchmarking
                || (a0 == 198 && a1 == 51 && a2 == 100)    // TEST-NET-2
                || (a0 == 203 && a1 == 0 && a2 == 113)     // TEST-NET-3
                || a0 >= 224);                             // multicast, 240/4 reserved, broadcast
    }

    private static byte[] tail(byte[] b) {
        return new byte[]{b[12], b[13], b[14], b[15]};
    }

    private static boolean isPrefix(byte[] b, int length, int value) {
        for (int i = 0; i < length; i++) {
            if (b[i] != value) {
                return false;
            }
        }
        return true;
    }

    private static boolean isZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

}
