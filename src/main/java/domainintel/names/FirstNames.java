package domainintel.names;

import jakarta.inject.Singleton;

import java.util.Set;

/** 8,422 English first names: a first name is a brand in itself (ellie.com, max.ai). */
@Singleton
public class FirstNames {
    static final String RESOURCE = "/data/lexicon/en-first-names.txt";

    private final Set<String> names = Set.copyOf(WordLists.read(RESOURCE, Integer.MAX_VALUE));

    public boolean contains(String word) {
        return names.contains(word);
    }
}
