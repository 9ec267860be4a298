package domainintel.valuation;

import domainintel.names.DomainName;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.temporal.ChronoUnit;

/**
 * Values names with the trained model: a retail value and range, a wholesale value and range,
 * the marketability both weigh in, the drivers behind the retail value, and comparable real sales. The model is read once, when
 * this bean is created (at start-up; see {@link ValuationPreloader}).
 */
@Singleton
public class Valuator {
    private final ValuationModel model;
    private final NameProfiler profiler;
    private final ComparableSales comparables;
    private final Clock clock;

    public Valuator(NameProfiler profiler, ComparableSales comparables, Clock clock) {
        this.model = ModelArtifact.loadBundled();
        this.profiler = profiler;
        this.comparables = comparables;
        this.clock = clock;
    }

    public Valuation value(DomainName name) {
        return value(profiler.profile(name));
    }

    public Valuation value(NameProfile profile) {
        var appraisal = model.appraise(profile, true);
        var retail = appraisal.retail();
        var wholesale = appraisal.wholesale();
        return new Valuation(profile.name().name(), "USD",
                dollars(retail.logValue()),
                new Valuation.Range(dollars(retail.logLow()), dollars(retail.logHigh()), ValuationModel.COVERAGE),
                new Valuation.MarketValue(dollars(wholesale.logValue()), dollars(wholesale.logLow()), dollars(wholesale.logHigh()),
                        ValuationModel.COVERAGE),
                Math.round(appraisal.marketability() * 1000) / 1000.0,
                DriverExplainer.explain(profile, appraisal, model.encoder().evidence()),
                comparables.find(profile),
                model.version(),
                clock.instant().truncatedTo(ChronoUnit.SECONDS));
    }

    public NameProfile profile(DomainName name) {
        return profiler.profile(name);
    }

    public double pronounceability(NameProfile profile) {
        return profiler.pronounceabilityScore(profile.name().label());
    }

    /**
     * Dollars from log dollars, to two significant figures: the model is not precise to the
     * dollar, and a figure like $12,000 says so where $11,873 would not.
     */
    static long dollars(double logValue) {
        double value = Math.exp(logValue);
        if (value < 10) {
            return Math.max(1, Math.round(value));
        }
        double unit = Math.pow(10, Math.floor(Math.log10(value)) - 1);
        return Math.round(Math.round(value / unit) * unit);
    }
}
