package domainintel.valuation;

/**
 * Reads the numbers of a model artifact without making a string of each: start-up parses some
 * 400,000 of them. Decimals of up to 15 significant digits with a power of ten up to 22 are
 * computed exactly (one correctly rounded multiplication or division of two exact doubles, as
 * {@link Double#parseDouble} would round them: Clinger's fast path); anything else goes to
 * {@link Double#parseDouble}.
 */
final class DecimalText {
    private static final double[] POWERS = new double[23];

    static {
        POWERS[0] = 1;
        for (int i = 1; i < POWERS.length; i++) {
            POWERS[i] = POWERS[i - 1] * 10;
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
        long mantissa = 0;
        int digits = 0;
        int scale = 0;
        boolean dot = false;
        boolean any = false;
        for (; i < to; i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                any = true;
                if (mantissa != 0 || c != '0') {
                    if (++digits > 15) {
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
        if (scale == 0) {
            value = mantissa;
        } else if (scale > 0 && scale < POWERS.length) {
            value = mantissa * POWERS[scale];
        } else if (scale < 0 && -scale < POWERS.length) {
            value = mantissa / POWERS[-scale];
        } else {
            return Double.parseDouble(text.substring(from, to));
        }
        return negative ? -value : value;
    }
}
