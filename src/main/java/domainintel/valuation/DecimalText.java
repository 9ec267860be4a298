package domainintel.valuation;

import java.math.BigInteger;

/**
 * Reads the numbers of a model artifact without making a string of each, exactly as
 * {@link Double#parseDouble} reads them: start-up parses some 200,000 of them. Decimals of up to 15
 * significant digits with a power of ten up to 22 are one correctly rounded multiplication or
 * division of two exact doubles (Clinger's fast path). Up to 19 digits with a power of ten from
 * {@value #MIN_POWER} to {@value #MAX_POWER} (LightGBM writes its trees with 17) go through Eisel and
 * Lemire's algorithm (D. Lemire, "Number Parsing at a Gigabyte per Second", 2021, as in his
 * fast_float): the 64-bit digits times a 128-bit truncation of the power of five, which decides the
 * rounding unless the product is too close to call. The JDK's own parser needs big-integer arithmetic
 * for most 17-digit decimals, which made it most of the model's load time. Anything else, and the
 * rare case too close to call, goes to {@link Double#parseDouble}.
 */
final class DecimalText {
    private static final double[] POWERS = new double[23];
    static final int MIN_POWER = -64;
    static final int MAX_POWER = 64;
    /** 5^q for q from MIN_POWER to MAX_POWER, scaled into [2^127, 2^128): high and low 64 bits, as fast_float's table. */
    private static final long[] FIVE_HIGH = new long[MAX_POWER - MIN_POWER + 1];
    private static final long[] FIVE_LOW = new long[MAX_POWER - MIN_POWER + 1];

    static {
        POWERS[0] = 1;
        for (int i = 1; i < POWERS.length; i++) {
            POWERS[i] = POWERS[i - 1] * 10;
        }
        BigInteger five = BigInteger.valueOf(5);
        for (int q = MIN_POWER; q <= MAX_POWER; q++) {
            BigInteger power = five.pow(Math.abs(q));
            BigInteger scaled;
            if (q >= 0) {
                scaled = power;
            } else {
                // A reciprocal rounded up, with more bits than kept where they could matter (fast_float's generator).
                int z = power.bitLength();
                scaled = BigInteger.ONE.shiftLeft(q >= -27 ? z + 127 : 2 * z + 128).divide(power).add(BigInteger.ONE);
            }
            int excess = scaled.bitLength() - 128;
            scaled = excess >= 0 ? scaled.shiftRight(excess) : scaled.shiftLeft(-excess);
            FIVE_HIGH[q - MIN_POWER] = scaled.shiftRight(64).longValue();
            FIVE_LOW[q - MIN_POWER] = scaled.longValue();
        }
    }

    private DecimalText() {
    }

    /** The number written in {@code text} from {@code from} (inclusive) to {@code to} (exclusive). */
    static double parseDouble(String text, int from, int to) {
        int i = from;
        boolean negative = false;
        if (i < to && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
            negative = text.charAt(i) == '-';
            i++;
        }
        long mantissa = 0; // unsigned: up to 19 digits
        int digits = 0;
        int scale = 0;
        boolean dot = false;
        boolean any = false;
        for (; i < to; i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                any = true;
                if (mantissa != 0 || c != '0') {
                    if (++digits > 19) {
                        return Double.parseDouble(text.substring(from, to));
                    }
                }
                mantissa = mantissa * 10 + (c - '0');
                if (dot) {
                    scale--;
                }
            } else if (c == '.' && !dot) {
                dot = true;
            } else {
                break;
            }
        }
        if (i < to) {
            if (!any || (text.charAt(i) != 'E' && text.charAt(i) != 'e')) {
                return Double.parseDouble(text.substring(from, to));
            }
            int exponent;
            try {
                exponent = Integer.parseInt(text, i + 1, to, 10);
            } catch (NumberFormatException e) {
                return Double.parseDouble(text.substring(from, to));
            }
            scale += exponent;
        } else if (!any) {
            return Double.parseDouble(text.substring(from, to));
        }
        double value;
        if (mantissa == 0) {
            value = 0;
        } else if (digits <= 15 && scale >= 0 && scale < POWERS.length) {
            value = mantissa * POWERS[scale];
        } else if (digits <= 15 && scale < 0 && -scale < POWERS.length) {
            value = mantissa / POWERS[-scale];
        } else if (scale >= MIN_POWER && scale <= MAX_POWER) {
            long bits = eiselLemire(mantissa, scale);
            if (bits < 0) {
                return Double.parseDouble(text.substring(from, to));
            }
            value = Double.longBitsToDouble(bits);
        } else {
            return Double.parseDouble(text.substring(from, to));
        }
        return negative ? -value : value;
    }

    /**
     * The bits of the double nearest {@code w × 10^q} ({@code w} unsigned and not 0, {@code q} in the
     * table), or -1 where this cannot tell (the result would be subnormal or infinite, or the product
     * is too close to a rounding boundary).
     */
    private static long eiselLemire(long w, int q) {
        int leadingZeros = Long.numberOfLeadingZeros(w);
        w <<= leadingZeros;
        long high = unsignedMultiplyHigh(w, FIVE_HIGH[q - MIN_POWER]);
        long low = w * FIVE_HIGH[q - MIN_POWER];
        if ((high & 0x1FF) == 0x1FF) {
            // The 9 bits below the 55 kept are all ones: whether the rest carries into them decides the rounding.
            long next = unsignedMultiplyHigh(w, FIVE_LOW[q - MIN_POWER]);
            low += next;
            if (Long.compareUnsigned(next, low) > 0) {
                high++;
            }
        }
        if (low == -1L && (q < -27 || q > 55)) {
            return -1;
        }
        int upperBit = (int) (high >>> 63);
        int shift = upperBit + 9;
        long mantissa = high >>> shift;
        int power2 = (((152170 + 65536) * q) >> 16) + 63 + upperBit - leadingZeros + 1023;
        if (power2 <= 0) {
            return -1;
        }
        // Exactly halfway between two doubles (possible only for small powers): round to even, not up.
        if (Long.compareUnsigned(low, 1) <= 0 && q >= -4 && q <= 23 && (mantissa & 3) == 1 && (mantissa << shift) == high) {
            mantissa &= ~1L;
        }
        mantissa += mantissa & 1;
        mantissa >>>= 1;
        if (mantissa >= (2L << 52)) {
            mantissa = 1L << 52;
            power2++;
        }
        if (power2 >= 0x7FF) {
            return -1;
        }
        return (mantissa & ~(1L << 52)) | ((long) power2 << 52);
    }

    /** The high 64 bits of the unsigned 128-bit product (Math.unsignedMultiplyHigh from Java 18 on). */
    private static long unsignedMultiplyHigh(long a, long b) {
        return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
    }
}
