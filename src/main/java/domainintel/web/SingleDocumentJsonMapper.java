package domainintel.web;

import io.micronaut.context.annotation.BootstrapContextCompatible;
import io.micronaut.context.annotation.Primary;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.serde.ObjectMapper;
import io.micronaut.serde.SerdeRegistry;
import io.micronaut.serde.config.DeserializationConfiguration;
import io.micronaut.serde.config.SerdeConfiguration;
import io.micronaut.serde.config.SerializationConfiguration;
import io.micronaut.serde.jackson.JacksonJsonMapper;
import io.micronaut.serde.jackson.JacksonObjectMapper;
import io.micronaut.serde.jackson.SerdeJacksonConfiguration;
import jakarta.inject.Singleton;

/**
 * The application's JSON mapper: serde's own, except that a document read from bytes must be one
 * JSON value and nothing after it. Serde stops after the first value, so {@code {"price": 100} junk}
 * or two documents in one body were taken as the first one; here they are a parse error, which the
 * request path answers as {@code invalid_request}. Request bodies (Netty and the Lambda proxy both
 * read through this mapper, and through the mappers it makes for one type) are where it matters.
 */
@Singleton
@Primary
@BootstrapContextCompatible
@Replaces(JacksonJsonMapper.class)
public final class SingleDocumentJsonMapper extends SingleDocumentReads implements JacksonObjectMapper {
    private final JacksonObjectMapper serde;

    public SingleDocumentJsonMapper(SerdeRegistry registry, SerdeConfiguration configuration, SerdeJacksonConfiguration jackson) {
        this(new JacksonJsonMapper(registry, configuration, jackson));
    }

    private SingleDocumentJsonMapper(JacksonObjectMapper serde) {
        super(serde);
        this.serde = serde;
    }

    @Override
    public JacksonObjectMapper cloneWithConfiguration(SerdeJacksonConfiguration configuration) {
        return new SingleDocumentJsonMapper(serde.cloneWithConfiguration(configuration));
    }

    @Override
    public ObjectMapper cloneWithConfiguration(SerdeConfiguration configuration, SerializationConfiguration serialization,
                                               DeserializationConfiguration deserialization) {
        return serde.cloneWithConfiguration(configuration, serialization, deserialization);
    }

    @Override
    public SerdeRegistry getSerdeRegistry() {
        return serde.getSerdeRegistry();
    }
}
