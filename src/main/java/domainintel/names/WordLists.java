package domainintel.names;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** Reads the bundled one-word-a-line lists under {@code /data/lexicon} (see src/main/resources/data/README.md). */
final class WordLists {
    private WordLists() {
    }

    /** The first {@code limit} non-blank lines, lower-cased, in file order. */
    static List<String> read(String resource, int limit) {
        var in = Objects.requireNonNull(WordLists.class.getResourceAsStream(resource), resource);
        try (var reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            List<String> words = new ArrayList<>();
            String line;
            while (words.size() < limit && (line = reader.readLine()) != null) {
                String word = line.strip().toLowerCase(Locale.ROOT);
                if (!word.isEmpty()) {
                    words.add(word);
                }
            }
            return words;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
