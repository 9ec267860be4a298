package domainintel.support;

import com.amazonaws.services.lambda.runtime.api.client.AWSLambda;
import com.amazonaws.services.lambda.runtime.api.client.EventHandlerLoader;
import com.amazonaws.services.lambda.runtime.api.client.HandlerInfo;
import com.amazonaws.services.lambda.runtime.api.client.LambdaRequestHandler;
import com.amazonaws.services.lambda.runtime.api.client.UserFault;
import com.amazonaws.services.lambda.runtime.api.client.runtimeapi.dto.InvocationRequest;
import domainintel.aws.AwsEndpoints;

import java.io.Closeable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The AWS Lambda Java runtime's own handler path, in-process: a template.yaml {@code Handler} string is
 * resolved by the runtime interface client ({@link HandlerInfo}, {@link EventHandlerLoader}), which
 * instantiates the class as Lambda does at init, and each event's JSON goes in and the answer's JSON
 * comes out through the runtime's serialization. A handler string is loaded once and shared (one
 * Micronaut context each), as one warm Lambda instance would be.
 * <p>
 * The handlers build their own application context from the environment, so {@code properties} are
 * set as system properties while a handler initialises, and removed afterwards.
 */
public final class LambdaRuntime implements AutoCloseable {
    private final Map<String, String> properties;
    private final Map<String, LambdaRequestHandler> loaded = new LinkedHashMap<>();

    public LambdaRuntime(Map<String, String> properties) {
        this.properties = Map.copyOf(properties);
        useTheTestClassPathAsTheFunctionCode();
    }

    /**
     * Functions configured as on AWS (template.yaml's Globals: no embedded stores, no demo data, no market
     * bootstrap, no local delivery workers), pointed at the stores of a local context; {@code overrides}
     * add to or replace those properties.
     */
    public static LambdaRuntime asOnAws(String dataDir, AwsEndpoints stores, Map<String, String> overrides) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("data-dir", dataDir);
        properties.put("local.embedded-stores", "false");
        properties.put("catalogue.demo-on-empty", "false");
        properties.put("market.bootstrap", "off");
        properties.put("aws.dynamodb.endpoint", stores.dynamoDb().toString());
        properties.put("aws.sqs.endpoint", stores.sqs().toString());
        properties.put("admin.token", Api.ADMIN_TOKEN);
        properties.put("webhooks.local-workers", "false");
        properties.putAll(overrides);
        return new LambdaRuntime(properties);
    }

    /**
     * The runtime's serializers load event classes (and Joda-Time for the events that carry dates) through
     * the class loader {@code AWSLambda.main} makes for the function's code; without {@code main} that is
     * unset, so it is set here to one over this class path, as {@code main} would over the task root.
     */
    private static synchronized void useTheTestClassPathAsTheFunctionCode() {
        try {
            Field field = AWSLambda.class.getDeclaredField("customerClassLoader");
            field.setAccessible(true);
            if (field.get(null) == null) {
                field.set(null, new URLClassLoader(new URL[0], LambdaRuntime.class.getClassLoader()));
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("The runtime interface client changed: " + e, e);
        }
    }

    /** The JSON answer of the function with this handler string to the event {@code json}. */
    public String invoke(String handler, String json) throws Exception {
        var request = new InvocationRequest();
        request.setId(UUID.randomUUID().toString());
        request.setInvokedFunctionArn("arn:aws:lambda:us-east-1:123456789012:function:test:live");
        request.setDeadlineTimeInMs(System.currentTimeMillis() + 15_000);
        request.setContent(json.getBytes(StandardCharsets.UTF_8));
        try {
            return load(handler).call(request).toString(StandardCharsets.UTF_8);
        } catch (UserFault fault) {
            // The runtime's report of a handler that failed to load or to answer (Lambda's init or invoke error).
            throw new IllegalStateException(handler + ": " + fault.reportableError(), fault);
        }
    }

    /** Runs the function's init (class loading, constructor) if it has not run yet. */
    public synchronized LambdaRequestHandler load(String handler) throws Exception {
        LambdaRequestHandler existing = loaded.get(handler);
        if (existing != null) {
            return existing;
        }
        Map<String, String> previous = new LinkedHashMap<>();
        properties.forEach((k, v) -> previous.put(k, System.setProperty(k, v)));
        try {
            LambdaRequestHandler created = EventHandlerLoader.loadEventHandler(
                    HandlerInfo.fromString(handler, LambdaRuntime.class.getClassLoader()));
            loaded.put(handler, created);
            return created;
        } finally {
            previous.forEach((k, v) -> {
                if (v == null) {
                    System.clearProperty(k);
                } else {
                    System.setProperty(k, v);
                }
            });
        }
    }

    /** The user's handler object behind a loaded handler string (the class its {@code Handler} names). */
    public <T> T userHandler(String handler, Class<T> type) throws Exception {
        for (Closeable closeable : closeablesOf(load(handler))) {
            if (type.isInstance(closeable)) {
                return type.cast(closeable);
            }
        }
        throw new IllegalStateException(handler + " is not a " + type.getName());
    }

    /** Closes what the loaded handlers opened (their application contexts), as the end of the instances. */
    @Override
    public synchronized void close() throws Exception {
        for (LambdaRequestHandler handler : loaded.values()) {
            for (Closeable closeable : closeablesOf(handler)) {
                closeable.close();
            }
        }
        loaded.clear();
    }

    /** What a loaded handler holds that must be closed at the end of its instance (the user's handler object). */
    static List<Closeable> closeablesOf(Object runtimeHandler) throws IllegalAccessException {
        List<Closeable> found = new ArrayList<>();
        findCloseables(runtimeHandler, 3, Collections.newSetFromMap(new IdentityHashMap<>()), found);
        return found;
    }

    /** The runtime wraps the user's handler object in its adapters; find it by walking their fields. */
    private static void findCloseables(Object object, int depth, Set<Object> seen, List<Closeable> found)
            throws IllegalAccessException {
        if (object == null || depth < 0 || !seen.add(object)) {
            return;
        }
        if (object instanceof Closeable closeable && !object.getClass().getName().startsWith("java.")) {
            found.add(closeable);
            return;
        }
        for (Class<?> type = object.getClass(); type != null && type != Object.class; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) || field.getType().isPrimitive()) {
                    continue;
                }
                if (field.trySetAccessible()) {
                    findCloseables(field.get(object), depth - 1, seen, found);
                }
            }
        }
    }
}
