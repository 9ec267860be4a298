package domainintel.dashboard;

import com.nimbusds.jose.JWSAlgorithm;
import io.micronaut.context.annotation.Factory;
import io.micronaut.security.token.jwt.signature.SignatureGeneratorConfiguration;
import io.micronaut.security.token.jwt.signature.secret.SecretSignature;
import io.micronaut.security.token.jwt.signature.secret.SecretSignatureConfiguration;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

/** The HS256 signature Micronaut Security's JWT generator and validator use for dashboard sessions. */
@Factory
public class SessionSigning {
    /** Declared as the interface: SecretSignature's own @EachBean would tie it to config properties. */
    @Singleton
    @Named("generator")
    SignatureGeneratorConfiguration sessionSignature(SessionSecret secret) {
        SecretSignatureConfiguration configuration = new SecretSignatureConfiguration("generator");
        configuration.setJwsAlgorithm(JWSAlgorithm.HS256);
        configuration.setBase64(true);
        configuration.setSecret(secret.derive("session"));
        return new SecretSignature(configuration);
    }
}
