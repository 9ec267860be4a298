package domainintel.valuation;

import io.micronaut.context.BeanContext;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import jakarta.inject.Singleton;

/**
 * Loads the model and the comparables index at start-up rather than on the first request, so
 * the first caller does not wait and a SnapStart snapshot already holds them. Functions that
 * never value anything turn it off ({@code VALUATION_PRELOAD=false} in template.yaml).
 */
@Singleton
@Requires(property = "valuation.preload", notEquals = "false")
public class ValuationPreloader {
    private final BeanContext context;

    public ValuationPreloader(BeanContext context) {
        this.context = context;
    }

    @EventListener
    public void onStartup(StartupEvent event) {
        context.getBean(Valuator.class);
    }
}
