package domainintel.names;

import jakarta.inject.Singleton;

import java.util.List;

/** Words and category of a domain name, shared by the catalogue, valuation and market features. */
@Singleton
public class NameAnalyzer {
    private final WordSegmenter segmenter;
    private final CategoryTaxonomy taxonomy;

    public NameAnalyzer(WordSegmenter segmenter, CategoryTaxonomy taxonomy) {
        this.segmenter = segmenter;
        this.taxonomy = taxonomy;
    }

    public List<String> words(DomainName name) {
        return segmenter.segment(name.label());
    }

    public String category(DomainName name) {
        return taxonomy.categorise(words(name));
    }
}
