package domainintel.names;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Punycode (RFC 3492): decoding, to tell a real IDNA label ({@code xn--...}) from a look-alike, and
 * encoding, for {@link Idna}. {@link java.net.IDN} cannot do either for every name: it knows Unicode
 * 3.2 only, so it hands back real emoji labels (sold {@code .ws} names) unchanged, exactly as it does
 * invalid ones, and refuses them in Unicode.
 */
final class Punycode {
    private static final int BASE = 36;
    private static final int T_MIN = 1;
    private static final int T_MAX = 26;
    private static final int SKEW = 38;
    private static final int DAMP = 700;
    private static final int INITIAL_BIAS = 72;
    private static final int INITIAL_N = 128;

    private Punycode() {
    }

    /** The code points {@code encoded} (the part after {@code xn--}) stands for, or empty if it is not Punycode. */
    static Optional<List<Integer>> decode(String encoded) {
        List<Integer> output = new ArrayList<>();
        int delimiter = encoded.lastIndexOf('-');
        for (int j = 0; j < Math.max(delimiter, 0); j++) {
            char c = encoded.charAt(j);
            if (c >= 0x80) {
                return Optional.empty();
            }
            output.add((int) c);
        }
        int n = INITIAL_N;
        int bias = INITIAL_BIAS;
        int i = 0;
        int in = delimiter > 0 ? delimiter + 1 : 0;
        while (in < encoded.length()) {
            int oldI = i;
            int w = 1;
            for (int k = BASE; ; k += BASE) {
                if (in >= encoded.length()) {
                    return Optional.empty();
                }
                int digit = digit(encoded.charAt(in++));
                if (digit < 0 || digit > (Integer.MAX_VALUE - i) / w) {
                    return Optional.empty();
                }
                i += digit * w;
                int t = k <= bias ? T_MIN : Math.min(k - bias, T_MAX);
                if (digit < t) {
                    break;
                }
                if (w > Integer.MAX_VALUE / (BASE - t)) {
                    return Optional.empty();
                }
                w *= BASE - t;
            }
            int length = output.size() + 1;
            bias = adapt(i - oldI, length, oldI == 0);
            if (i / length > Integer.MAX_VALUE - n) {
                return Optional.empty();
            }
            n += i / length;
            i %= length;
            if (n > Character.MAX_CODE_POINT) {
                return Optional.empty();
            }
            output.add(i, n);
            i++;
        }
        return Optional.of(output);
    }

    /**
     * The Punycode (the part after {@code xn--}) of {@code codePoints}, some of them non-ASCII: at most
     * 63 of them, as its A-label could be no longer (every code point adds a character).
     */
    static String encode(int[] codePoints) {
        var output = new StringBuilder();
        for (int c : codePoints) {
            if (c < INITIAL_N) {
                output.append((char) c);
            }
        }
        int basic = output.length();
        if (basic > 0) {
            output.append('-');
        }
        int n = INITIAL_N;
        int bias = INITIAL_BIAS;
        long delta = 0;
        for (int handled = basic; handled < codePoints.length; n++) {
            int next = Integer.MAX_VALUE;
            for (int c : codePoints) {
                if (c >= n && c < next) {
                    next = c;
                }
            }
            delta += (long) (next - n) * (handled + 1);
            n = next;
            for (int c : codePoints) {
                if (c < n) {
                    delta++;
                } else if (c == n) {
                    long q = delta;
                    for (int k = BASE; ; k += BASE) {
                        int t = k <= bias ? T_MIN : Math.min(k - bias, T_MAX);
                        if (q < t) {
                            break;
                        }
                        output.append(digitChar((int) (t + (q - t) % (BASE - t))));
                        q = (q - t) / (BASE - t);
                    }
                    output.append(digitChar((int) q));
                    // At most 63 code points: delta stays below 64 × 0x10FFFF, well inside an int.
                    bias = adapt((int) delta, handled + 1, handled == basic);
                    delta = 0;
                    handled++;
                }
            }
            delta++;
        }
        return output.toString();
    }

    private static char digitChar(int digit) {
        return (char) (digit < 26 ? 'a' + digit : '0' + digit - 26);
    }

    private static int digit(char c) {
        if (c >= 'a' && c <= 'z') {
            return c - 'a';
        }
        if (c >= '0' && c <= '9') {
            return c - '0' + 26;
        }
        return -1;
    }

    private static int adapt(int delta, int length, boolean first) {
        delta = first ? delta / DAMP : delta / 2;
        delta += delta / length;
        int k = 0;
        while (delta > ((BASE - T_MIN) * T_MAX) / 2) {
            delta /= BASE - T_MIN;
            k += BASE;
        }
        return k + (BASE * delta) / (delta + SKEW);
    }
}
