package domainintel.aws;

import io.micronaut.context.annotation.ConfigurationProperties;

/** {@code aws.*}: the region every client uses. Defaults for every setting live in application.yml only. */
@ConfigurationProperties("aws")
public record AwsProperties(String region) {
}
