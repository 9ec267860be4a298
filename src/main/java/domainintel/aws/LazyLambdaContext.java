package domainintel.aws;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.context.DefaultApplicationContextBuilder;
import io.micronaut.context.env.Environment;

/**
 * The application context of a Lambda function, without Micronaut's Lambda default of creating every
 * singleton and configuration bean at init ({@code LambdaApplicationContextBuilder}, whose eager settings a
 * builder cannot switch off again: hence a builder of our own with the same environments). With one package
 * for all functions that default made each function build the whole application (every controller, the
 * connection pool with the Secrets Manager read of its password, every AWS client, the dashboard's security
 * and templates) to answer its own events. Here each function creates only what its events use, and does not
 * even read the bean definitions of the features it has switched off ({@link FunctionApplicationContext}).
 */
public final class LazyLambdaContext {
    private LazyLambdaContext() {
    }

    /**
     * Micronaut's Lambda environments ({@code function}, {@code lambda}), nothing created eagerly, and no guessing
     * of further environments: deduction probes the machine for clouds (it named this build machine
     * {@code ec2, cloud}), and no configuration here depends on them.
     */
    public static ApplicationContextBuilder builder() {
        return new Builder().environments(Environment.FUNCTION, "lambda")
                .deduceEnvironment(false).deduceCloudEnvironment(false);
    }

    private static final class Builder extends DefaultApplicationContextBuilder {
        @Override
        protected ApplicationContext newApplicationContext() {
            return new FunctionApplicationContext(this);
        }
    }
}
