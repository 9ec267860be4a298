package domainintel.valuation;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Lines of text found by key in place: every key, and only those keys, with their values. */
class SortedTextMapTest {
    private static SortedTextMap<String> map(String text) {
        var builder = new SortedTextMap.Builder();
        for (int at = 0; at < text.length(); at = text.indexOf('\n', at) + 1) {
            if (text.startsWith("w\t", at)) {
                builder.add(at + 2);
            }
        }
        return builder.build(text, (t, from, to) -> t.substring(from, to));
    }

    @Test
    void findsEveryKeyAndNoOther() {
        var expected = new TreeMap<String, String>();
        for (String key : List.of("car", "car+insurance", "car$", "ca", "#com:2:letters", "cars", "zz", "a", "insurance", "éclair")) {
            expected.put(key, key.length() + "\t" + key.hashCode());
        }
        var text = new StringBuilder("header=1\n");
        expected.forEach((key, value) -> text.append("w\t").append(key).append('\t').append(value).append('\n'));
        text.append("t\tcom\t1\n[trees]\n");
        var map = map(text.toString());

        assertEquals(expected.size(), map.size());
        expected.forEach((key, value) -> {
            assertEquals(value, map.get(key), key);
            assertTrue(map.containsKey(key), key);
        });
        for (String absent : List.of("", "c", "carinsurance", "car+", "insurances", "com", "zzz", "b", "\t", "car\tx")) {
            assertNull(map.get(absent), absent);
            assertFalse(map.containsKey(absent), absent);
        }
        assertNull(map.get(42));
        assertEquals(expected, new TreeMap<>(map));
        assertEquals(List.copyOf(expected.keySet()), List.copyOf(map.keySet()), "iterates in key order");
    }

    @Test
    void refusesLinesOutOfOrderOrTwice() {
        assertThrows(IllegalArgumentException.class, () -> map("w\tcars\t1\nw\tcar\t2\n"));
        assertThrows(IllegalArgumentException.class, () -> map("w\tcar\t1\nw\tcar\t2\n"));
        assertEquals(Map.of("car", "1", "cars", "2"), map("w\tcar\t1\nw\tcars\t2\n"));
    }
}
