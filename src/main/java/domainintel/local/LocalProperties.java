package domainintel.local;

import io.micronaut.context.annotation.ConfigurationProperties;

/** {@code local.*}: the embedded stores; {@code dynamodbInMemory} keeps DynamoDB Local off the disk (benchmarks). */
@ConfigurationProperties("local")
public record LocalProperties(boolean dynamodbInMemory) {
}
