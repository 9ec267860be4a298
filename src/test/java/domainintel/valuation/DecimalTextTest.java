package domainintel.valuation;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DecimalTextTest {
    private static void same(String text) {
        String padded = "x\t" + text + "\ty";
        assertEquals(Double.parseDouble(text), DecimalText.parseDouble(padded, 2, 2 + text.length()), text);
    }

    @Test
    void readsWhatDoubleParseDoubleReadsBitForBit() {
        for (String text : new String[]{"0", "-0.0", "1.0", "12345.0", "-0.5", "1.0E-5", "3.4028235E38", "1.4E-45", "7.2", "-123.456789",
                "0.12345678901234567", "-1.7976931348623157E308", "4.9E-324", "1e10", "2.5e+3", "NaN", "Infinity", "-Infinity"}) {
            same(text);
        }
        var random = new SplittableRandom(11);
        for (int i = 0; i < 200_000; i++) {
            float f = (float) (random.nextGaussian() * Math.pow(10, random.nextInt(-8, 9)));
            same(Float.toString(f));
            same(Double.toString(random.nextGaussian() * 1_000));
        }
    }

    /** LightGBM writes 17 significant digits: the digits Double.parseDouble needs big integers for. */
    @Test
    void readsSixteenToNineteenDigitsBitForBit() {
        var random = new SplittableRandom(17);
        for (int i = 0; i < 100_000; i++) {
            double d = random.nextGaussian() * Math.pow(10, random.nextInt(-40, 30));
            same(String.format(java.util.Locale.ROOT, "%.16e", d));
            same(String.format(java.util.Locale.ROOT, "%.17g", d).trim());
            long digits = random.nextLong(1_000_000_000_000_000L, Long.MAX_VALUE);
            same(digits + "e" + random.nextInt(-80, 80));
            same("0." + digits);
        }
        // Halfway between two doubles: ties go to the even one.
        for (int k = 54; k < 63; k++) {
            for (long odd = 1; odd < 64; odd += 2) {
                long halfway = (1L << k) + odd * (1L << (k - 54));
                same(Long.toString(halfway));
                same(Long.toString(halfway - 1));
                same(Long.toString(halfway + 1));
                same(halfway + "e-3");
                same("-" + halfway + "e2");
            }
        }
        for (String text : new String[]{"1.0000000180025095e-35", "19.500000000000004", "-3.74942e-08", "9007199254740993",
                "9999999999999999999", "18446744073709551615", "1.7976931348623157e308", "2.2250738585072014e-308",
                "4.9406564584124654e-324", "0.000000000000000000000000000000000000000000000000000000000000000012345678901234567"}) {
            same(text);
        }
    }
}
