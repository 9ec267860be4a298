package domainintel.valuation;

import domainintel.names.DomainName;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes the analysis of a name from its {@link NameProfile} and {@link Valuation}: the same
 * facts the model used, put in words. Brandability is a documented score, not a learned one:
 * 35% pronounceability, 25% shortness, 20% clean characters, 20% word structure.
 */
@Singleton
public class NameAnalyst {
    private final Valuator valuator;

    public NameAnalyst(Valuator valuator) {
        this.valuator = valuator;
    }

    public record Result(Valuation valuation, NameAnalysis analysis) {
    }

    public Result analyse(DomainName name, @Nullable Long askingPrice) {
        NameProfile p = valuator.profile(name);
        Valuation valuation = valuator.value(p);
        double pronounceability = valuator.pronounceability(p);
        int letterWords = (int) p.segments().stream().filter(s -> Character.isLetter(s.charAt(0))).count();
        double shortness = Math.max(0, Math.min(1, (15.0 - name.length()) / 11.0));
        double clean = p.digits() == 0 && p.hyphens() == 0 ? 1 : 0;
        double structure = p.knownLetters() >= 1 && letterWords <= 2 ? 1 : p.knownLetters() < 0.5 && letterWords == 1 ? 0.8 : 0.4;
        int brandability = (int) Math.round(100 * (0.35 * pronounceability + 0.25 * shortness + 0.2 * clean + 0.2 * structure));
        var comparison = askingPrice == null ? null : compare(askingPrice, valuation);
        var analysis = new NameAnalysis(p.segments(), p.language(), p.category(), brandability,
                (int) Math.round(100 * pronounceability), notable(p), summary(p, valuation, comparison), comparison);
        return new Result(valuation, analysis);
    }

    private static NameAnalysis.PriceComparison compare(long askingPrice, Valuation valuation) {
        String verdict = askingPrice < valuation.range().low() ? "below" : askingPrice > valuation.range().high() ? "above" : "within";
        double ratio = Math.round(100.0 * askingPrice / valuation.value()) / 100.0;
        return new NameAnalysis.PriceComparison(askingPrice, valuation.value(), ratio, verdict);
    }

    private static List<String> notable(NameProfile p) {
        List<String> notes = new ArrayList<>();
        String label = p.name().reading();
        if (label.length() <= NameProfiler.SHAPED_LENGTH) {
            notes.add(String.format(Locale.ROOT, "Short: %d characters (pattern %s)", label.length(), p.shape()));
        }
        if (p.labelWikiRank() > 0 && p.segments().size() == 1) {
            notes.add(p.labelWikiRank() <= 10_000 ? "A common English word" : "An English dictionary word");
        } else if (p.knownLetters() >= 1 && p.segments().size() > 1) {
            notes.add(p.segments().size() + " words: " + String.join(" + ", p.segments()));
        } else if (p.knownLetters() == 0 && p.digits() == 0) {
            notes.add("Invented word (no dictionary words)");
        }
        if (p.firstName() == 2) {
            notes.add("A first name");
        } else if (p.firstName() == 1) {
            notes.add("Contains a first name");
        }
        if (p.digits() > 0) {
            notes.add(p.digits() == label.length() ? "All digits" : "Contains digits");
        }
        if (p.hyphens() > 0) {
            notes.add("Contains a hyphen");
        }
        if (p.longestConsonantRun() >= 4) {
            notes.add("Hard to say: " + p.longestConsonantRun() + " consonants in a row");
        }
        if (!"english".equals(p.language()) && !"unknown".equals(p.language())) {
            notes.add("Words in " + p.language());
        }
        notes.add(p.name().tld().equals("com") ? ".com, the most traded extension" : "Extension ." + p.name().tld());
        return notes;
    }

    private static String summary(NameProfile p, Valuation v, @Nullable NameAnalysis.PriceComparison comparison) {
        var text = new StringBuilder(p.name().name());
        text.append(p.segments().size() > 1 ? " reads as \"" + String.join(" ", p.segments()) + "\"" : " is a single token");
        text.append(" (").append(p.category()).append(", ").append(p.language()).append("). ");
        text.append(String.format(Locale.ROOT, "Estimated end-user value $%,d (80%% range $%,d–$%,d); at auction about $%,d; "
                        + "marketability %.0f%% (how likely a name like it is to find a buyer).",
                v.value(), v.range().low(), v.range().high(), v.wholesale().value(), 100 * v.marketability()));
        if (!v.drivers().isEmpty()) {
            var top = v.drivers().get(0);
            text.append(" The biggest factor: ").append(top.factor().replace('-', ' '))
                    .append(top.effect() > 0 ? " (up)." : " (down).");
        }
        if (comparison != null) {
            text.append(String.format(Locale.ROOT, " The asking price of $%,d is %.1f× the estimate, %s the range.",
                    comparison.askingPrice(), comparison.ratio(),
                    comparison.verdict().equals("within") ? "within" : comparison.verdict()));
        }
        return text.toString();
    }
}
