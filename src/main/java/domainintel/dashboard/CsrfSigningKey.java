package domainintel.dashboard;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.security.csrf.CsrfConfiguration;
import jakarta.inject.Singleton;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;

/**
 * Gives Micronaut's CSRF tokens their HMAC key from {@link SessionSecret} rather than from a
 * configuration file: the configuration Micronaut built is wrapped, with only the key replaced
 * (its properties class is not public, so it cannot be set directly).
 */
@Singleton
public class CsrfSigningKey implements BeanCreatedEventListener<CsrfConfiguration> {
    private final SessionSecret secret;

    public CsrfSigningKey(SessionSecret secret) {
        this.secret = secret;
    }

    @Override
    public CsrfConfiguration onCreated(BeanCreatedEvent<CsrfConfiguration> event) {
        CsrfConfiguration configured = event.getBean();
        String key = secret.derive("csrf");
        return (CsrfConfiguration) Proxy.newProxyInstance(CsrfConfiguration.class.getClassLoader(),
                new Class<?>[]{CsrfConfiguration.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getSecretKey") && method.getParameterCount() == 0) {
                        return key;
                    }
                    try {
                        return method.invoke(configured, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
