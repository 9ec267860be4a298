package domainintel.web;

import io.micronaut.core.type.Argument;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.serde.Decoder;
import io.micronaut.serde.Deserializer;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.math.BigInteger;

/**
 * Whole-number fields of request bodies take a JSON integer and nothing else. The default binding
 * truncates {@code 1.5} to 1 and reads the string {@code "100"} as 100: a client's mistake would be
 * stored as a different value than it sent. Here either is an {@code invalid_request} naming the field.
 */
final class WholeNumbers {
    private WholeNumbers() {
    }

    @Singleton
    static final class Longs implements Deserializer<Long> {
        @Override
        public Long deserialize(Decoder decoder, DecoderContext context, Argument<? super Long> type) throws IOException {
            return whole(decoder, type, Long.MIN_VALUE, Long.MAX_VALUE).longValue();
        }
    }

    @Singleton
    static final class Integers implements Deserializer<Integer> {
        @Override
        public Integer deserialize(Decoder decoder, DecoderContext context, Argument<? super Integer> type) throws IOException {
            return whole(decoder, type, Integer.MIN_VALUE, Integer.MAX_VALUE).intValue();
        }
    }

    private static BigInteger whole(Decoder decoder, Argument<?> type, long min, long max) throws IOException {
        JsonNode node = decoder.decodeNode();
        Number number = node.isNumber() ? node.getNumberValue() : null;
        boolean integral = number instanceof Integer || number instanceof Long || number instanceof BigInteger
                || number instanceof Short || number instanceof Byte;
        if (!integral) {
            throw decoder.createDeserializationException(field(type) + " must be a whole number (a JSON integer without quotes)", null);
        }
        BigInteger value = number instanceof BigInteger big ? big : BigInteger.valueOf(number.longValue());
        if (value.compareTo(BigInteger.valueOf(min)) < 0 || value.compareTo(BigInteger.valueOf(max)) > 0) {
            throw decoder.createDeserializationException(field(type) + " is out of range", null);
        }
        return value;
    }

    private static String field(Argument<?> type) {
        return type.getName().isEmpty() || type.getName().equals(type.getType().getSimpleName())
                ? "The value" : "'" + type.getName() + "'";
    }
}
