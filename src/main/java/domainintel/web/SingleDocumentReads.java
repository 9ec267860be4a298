package domainintel.web;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.micronaut.core.annotation.AnnotationMetadata;
import io.micronaut.core.io.buffer.ByteBuffer;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonFeatures;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.JsonStreamConfig;
import io.micronaut.json.tree.JsonNode;
import org.reactivestreams.Processor;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A JSON mapper whose reads from bytes take exactly one JSON value (see {@link SingleDocumentJsonMapper}),
 * and which otherwise does what the mapper it wraps does. Mappers it makes for one type, view or
 * feature set keep the rule.
 */
class SingleDocumentReads implements JsonMapper {
    private static final JsonFactory SCANNER = new JsonFactory();

    private final JsonMapper mapper;

    SingleDocumentReads(JsonMapper mapper) {
        this.mapper = mapper;
    }

    /**
     * Refuses anything but white space after the first JSON value, another value or text that is no
     * JSON at all ({@link TrailingContent}). A first value that does not parse fails here too, with
     * the parser's own error; {@link MalformedJson} says what either means to the caller.
     */
    static void requireSingleDocument(byte[] json) throws IOException {
        try (JsonParser parser = SCANNER.createParser(json)) {
            if (parser.nextToken() == null) {
                return;
            }
            parser.skipChildren();
            JsonLocation after;
            try {
                after = parser.nextToken() == null ? null : parser.currentTokenLocation();
            } catch (JsonProcessingException notJson) {
                after = notJson.getLocation();
            }
            if (after != null) {
                throw new TrailingContent(parser, after);
            }
        }
    }

    /** Content after a body's JSON value: a body holds exactly one. */
    static final class TrailingContent extends JsonParseException {
        TrailingContent(JsonParser parser, JsonLocation at) {
            super(parser, "Unexpected content after the JSON document: a body holds exactly one JSON value", at);
        }
    }

    @Override
    public <T> T readValue(byte[] byteArray, Argument<T> type) throws IOException {
        requireSingleDocument(byteArray);
        return mapper.readValue(byteArray, type);
    }

    @Override
    public <T> T readValue(InputStream inputStream, Argument<T> type) throws IOException {
        return readValue(inputStream.readAllBytes(), type);
    }

    @Override
    public <T> T readValue(ByteBuffer<?> byteBuffer, Argument<T> type) throws IOException {
        return readValue(byteBuffer.toByteArray(), type);
    }

    @Override
    public JsonMapper createSpecific(Argument<?> type) {
        return new SingleDocumentReads(mapper.createSpecific(type));
    }

    @Override
    public JsonMapper cloneWithFeatures(JsonFeatures features) {
        return new SingleDocumentReads(mapper.cloneWithFeatures(features));
    }

    @Override
    public JsonMapper cloneWithViewClass(Class<?> viewClass) {
        return new SingleDocumentReads(mapper.cloneWithViewClass(viewClass));
    }

    @Override
    public Optional<JsonFeatures> detectFeatures(AnnotationMetadata annotations) {
        return mapper.detectFeatures(annotations);
    }

    @Override
    public <T> T readValueFromTree(JsonNode tree, Argument<T> type) throws IOException {
        return mapper.readValueFromTree(tree, type);
    }

    @Override
    public void updateValueFromTree(Object value, JsonNode tree) throws IOException {
        mapper.updateValueFromTree(value, tree);
    }

    @Override
    public JsonNode writeValueToTree(Object value) throws IOException {
        return mapper.writeValueToTree(value);
    }

    @Override
    public <T> JsonNode writeValueToTree(Argument<T> type, T value) throws IOException {
        return mapper.writeValueToTree(type, value);
    }

    @Override
    public void writeValue(OutputStream outputStream, Object object) throws IOException {
        mapper.writeValue(outputStream, object);
    }

    @Override
    public <T> void writeValue(OutputStream outputStream, Argument<T> type, T object) throws IOException {
        mapper.writeValue(outputStream, type, object);
    }

    @Override
    public byte[] writeValueAsBytes(Object object) throws IOException {
        return mapper.writeValueAsBytes(object);
    }

    @Override
    public <T> byte[] writeValueAsBytes(Argument<T> type, T object) throws IOException {
        return mapper.writeValueAsBytes(type, object);
    }

    @Override
    public JsonStreamConfig getStreamConfig() {
        return mapper.getStreamConfig();
    }

    @Override
    public Processor<byte[], JsonNode> createReactiveParser(Consumer<Processor<byte[], JsonNode>> onSubscribe, boolean streamArray) {
        return mapper.createReactiveParser(onSubscribe, streamArray);
    }
}
