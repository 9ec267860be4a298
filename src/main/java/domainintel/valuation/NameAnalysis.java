package domainintel.valuation;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

import java.util.List;

/**
 * The AI analysis of a listed name: what it is made of, how it sounds, what stands out, and how
 * its asking price compares with the model's value.
 *
 * @param brandability     0-100: short, pronounceable, clean (no digits or hyphens), made of few real words or none
 * @param pronounceability 0-100: how English-like its letter sequences are
 */
// Empty lists are shown, not left out (serde's default): the spec says these fields are always there.
@JsonInclude(JsonInclude.Include.NON_NULL)
@Serdeable
public record NameAnalysis(List<String> segments, String language, String category, int brandability,
                           int pronounceability, List<String> notableFeatures, String summary,
                           @Nullable PriceComparison priceComparison) {

    /**
     * @param ratio   asking price divided by the estimated retail value
     * @param verdict {@code below}, {@code within} or {@code above} the 80% retail range
     */
    @Serdeable
    public record PriceComparison(long askingPrice, long value, double ratio, String verdict) {
    }
}
