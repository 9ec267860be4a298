package domainintel.web;

import io.micronaut.core.type.Argument;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.serde.Decoder;
import io.micronaut.serde.Deserializer;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.math.BigInteger;
import java.util.Optional;

/**
 * Whole-number fields of request bodies take a JSON integer and nothing else. The default binding
 * truncates {@code 1.5} to 1 and reads the string {@code "100"} as 100: a client's mistake would be
 * stored as a different value than it sent. Here either is an {@code invalid_request} naming the field.
 * Bodies read as a JSON tree (webhook filters) apply the same rule through {@link #within}.
 */
public final class WholeNumbers {
    private WholeNumbers() {
    }

    @Singleton
    static final class Longs implements Deserializer<Long> {
        @Override
        public Long deserialize(Decoder decoder, DecoderContext context, Argument<? super Long> type) throws IOException {
            return whole(decoder, type, Long.MIN_VALUE, Long.MAX_VALUE);
        }
    }

    @Singleton
    static final class Integers implements Deserializer<Integer> {
        @Override
        public Integer deserialize(Decoder decoder, DecoderContext context, Argument<? super Integer> type) throws IOException {
            return (int) whole(decoder, type, Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
    }

    private static long whole(Decoder decoder, Argument<?> type, long min, long max) throws IOException {
        JsonNode node = decoder.decodeNode();
        if (!isInteger(node)) {
            throw decoder.createDeserializationException(field(type) + " must be a whole number (a JSON integer without quotes)", null);
        }
        return within(node, min, max).orElseThrow(() -> decoder.createDeserializationException(field(type) + " is out of range", null));
    }

    /**
     * The value of a JSON integer from {@code min} to {@code max}; empty for anything else: a fraction or
     * exponent ({@code 1.0}, {@code 1e20}), a string, or a number out of range, never wrapped or rounded into it.
     */
    public static Optional<Long> within(JsonNode node, long min, long max) {
        if (!isInteger(node)) {
            return Optional.empty();
        }
        Number number = node.getNumberValue();
        BigInteger value = number instanceof BigInteger big ? big : BigInteger.valueOf(number.longValue());
        if (value.compareTo(BigInteger.valueOf(min)) < 0 || value.compareTo(BigInteger.valueOf(max)) > 0) {
            return Optional.empty();
        }
        return Optional.of(value.longValue());
    }

    private static boolean isInteger(JsonNode node) {
        Number number = node.isNumber() ? node.getNumberValue() : null;
        return number instanceof Integer || number instanceof Long || number instanceof BigInteger
                || number instanceof Short || number instanceof Byte;
    }

    private static String field(Argument<?> type) {
        return type.getName().isEmpty() || type.getName().equals(type.getType().getSimpleName())
                ? "The value" : "'" + type.getName() + "'";
    }
}
