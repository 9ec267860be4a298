package domainintel.access;

import io.micronaut.core.convert.ArgumentConversionContext;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.bind.binders.TypedRequestArgumentBinder;
import jakarta.inject.Singleton;

import java.util.Optional;

/** Lets a controller method take the {@link Caller} that {@link AccessFilter} identified as a plain parameter. */
@Singleton
public class CallerBinder implements TypedRequestArgumentBinder<Caller> {
    @Override
    public Argument<Caller> argumentType() {
        return Argument.of(Caller.class);
    }

    @Override
    public BindingResult<Caller> bind(ArgumentConversionContext<Caller> context, HttpRequest<?> source) {
        Optional<Caller> caller = Optional.of(Caller.of(source));
        return () -> caller;
    }
}
