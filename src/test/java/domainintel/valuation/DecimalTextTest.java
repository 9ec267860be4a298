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
}
