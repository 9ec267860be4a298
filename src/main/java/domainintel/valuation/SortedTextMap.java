package domainintel.valuation;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * A read-only map over lines of a model artifact's text ({@code kind TAB key TAB fields...}) that the
 * artifact holds sorted by key: a key is found by binary search in the text itself, and its value is
 * read from the line when asked for. The artifact has some 110,000 such lines (evidence of words,
 * labels and TLDs, recorded sales); made into hash maps of strings and objects at start-up they cost
 * most of the model's load time, in parsing and in the collector copying them, where a map over the
 * text costs one pass to find where the lines start.
 */
final class SortedTextMap<V> extends AbstractMap<String, V> {
    /** Reads a value from its fields: {@code text} from {@code from} (after the key's tab) to the end of the line. */
    interface ValueReader<V> {
        V read(String text, int from, int to);
    }

    private final String text;
    /** Where each line's key starts, in key order. */
    private final int[] keyStarts;
    private final ValueReader<V> reader;

    /** @throws IllegalArgumentException if the keys are not in strictly ascending order (a map needs them sorted, and once each) */
    SortedTextMap(String text, int[] keyStarts, ValueReader<V> reader) {
        this.text = text;
        this.keyStarts = keyStarts;
        this.reader = reader;
        for (int i = 1; i < keyStarts.length; i++) {
            if (compare(keyStarts[i - 1], keyStarts[i]) >= 0) {
                throw new IllegalArgumentException("lines out of key order at " + key(i));
            }
        }
    }

    /** Collects where lines start, in the order they come. */
    static final class Builder {
        private int[] keyStarts = new int[256];
        private int size;

        void add(int keyStart) {
            if (size == keyStarts.length) {
                keyStarts = Arrays.copyOf(keyStarts, 2 * size);
            }
            keyStarts[size++] = keyStart;
        }

        <V> SortedTextMap<V> build(String text, ValueReader<V> reader) {
            return new SortedTextMap<>(text, Arrays.copyOf(keyStarts, size), reader);
        }
    }

    @Override
    public V get(Object key) {
        int line = key instanceof String s ? find(s) : -1;
        return line < 0 ? null : value(line);
    }

    @Override
    public boolean containsKey(Object key) {
        return key instanceof String s && find(s) >= 0;
    }

    @Override
    public int size() {
        return keyStarts.length;
    }

    @Override
    public Set<Entry<String, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, V>> iterator() {
                return new Iterator<>() {
                    private int line;

                    @Override
                    public boolean hasNext() {
                        return line < keyStarts.length;
                    }

                    @Override
                    public Entry<String, V> next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        var entry = new SimpleImmutableEntry<>(key(line), value(line));
                        line++;
                        return entry;
                    }
                };
            }

            @Override
            public int size() {
                return keyStarts.length;
            }
        };
    }

    private int find(String key) {
        int low = 0;
        int high = keyStarts.length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int c = compare(key, keyStarts[mid]);
            if (c > 0) {
                low = mid + 1;
            } else if (c < 0) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    /** {@code key.compareTo} the key of the line whose key starts at {@code at} (which ends at a tab). */
    private int compare(String key, int at) {
        for (int i = 0; ; i++) {
            char c = text.charAt(at + i);
            if (c == '\t' || i == key.length()) {
                return (i == key.length() ? 0 : 1) - (c == '\t' ? 0 : 1);
            }
            if (key.charAt(i) != c) {
                return key.charAt(i) - c;
            }
        }
    }

    /** The same between the keys of two lines. */
    private int compare(int a, int b) {
        for (int i = 0; ; i++) {
            char x = text.charAt(a + i);
            char y = text.charAt(b + i);
            if (x == '\t' || y == '\t') {
                return (x == '\t' ? 0 : 1) - (y == '\t' ? 0 : 1);
            }
            if (x != y) {
                return x - y;
            }
        }
    }

    private String key(int line) {
        return text.substring(keyStarts[line], text.indexOf('\t', keyStarts[line]));
    }

    private V value(int line) {
        int tab = text.indexOf('\t', keyStarts[line]);
        int end = text.indexOf('\n', tab);
        return reader.read(text, tab + 1, end < 0 ? text.length() : end);
    }
}
