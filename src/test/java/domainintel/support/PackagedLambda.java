package domainintel.support;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.api.client.AWSLambda;
import com.amazonaws.services.lambda.runtime.serialization.PojoSerializer;
import software.amazon.awssdk.utilslite.SdkInternalThreadLocal;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * The deployment zip as the AWS Lambda Java runtime runs it, in this JVM: the runtime's own jars (the
 * runtime interface client, its serialization and the core interfaces, which on Lambda live in
 * {@code /var/runtime/lib}) in a class loader of their own, and the function's code in the runtime's
 * {@code CustomerClassLoader} over the unpacked zip (classes at the root, {@code lib/*.jar}), whose only
 * parent is the runtime's loader. Nothing from this build's class path is visible to the function, so a
 * class or resource missing from the zip fails here as it fails on Lambda. A handler string is resolved by
 * the runtime's own {@code AWSLambda.findRequestHandler}, and events go in and answers come out through the
 * runtime's serialization.
 * <p>
 * Each {@link #init} starts one function instance with the function's environment variables set in this
 * process while it lives, so only one instance may live at a time. The instances share the one customer
 * class loader (a fresh loader per function costs each the whole class loading again: 15-25 s a function
 * on a loaded 2-core machine instead of a few); only the first function starts with no class loaded.
 */
public final class PackagedLambda implements AutoCloseable {
    private static final String CLIENT = "com.amazonaws.services.lambda.runtime.api.client.";

    private final Path taskRoot;
    private final URLClassLoader runtimeLoader;
    private final Class<?> awsLambda;
    private final Constructor<?> customerClassLoader;
    private final Method findRequestHandler;
    private final Class<?> invocationRequest;
    private final Method call;
    private final URLClassLoader code;
    private Instance live;

    private PackagedLambda(Path taskRoot) throws ReflectiveOperationException {
        this.taskRoot = taskRoot;
        this.runtimeLoader = new URLClassLoader("lambda-runtime", new URL[]{
                jarOf(AWSLambda.class), jarOf(PojoSerializer.class), jarOf(Context.class), jarOf(SdkInternalThreadLocal.class)},
                ClassLoader.getPlatformClassLoader());
        this.awsLambda = runtimeLoader.loadClass(CLIENT + "AWSLambda");
        this.customerClassLoader = runtimeLoader.loadClass(CLIENT + "CustomerClassLoader")
                .getDeclaredConstructor(String.class, String.class, ClassLoader.class);
        customerClassLoader.setAccessible(true);
        this.findRequestHandler = awsLambda.getDeclaredMethod("findRequestHandler", String.class, ClassLoader.class);
        findRequestHandler.setAccessible(true);
        this.invocationRequest = runtimeLoader.loadClass(CLIENT + "runtimeapi.dto.InvocationRequest");
        this.call = runtimeLoader.loadClass(CLIENT + "LambdaRequestHandler").getMethod("call", invocationRequest);
        this.code = (URLClassLoader) customerClassLoader.newInstance(taskRoot.toString(), "/opt/java/lib", runtimeLoader);
        Field field = awsLambda.getDeclaredField("customerClassLoader");
        field.setAccessible(true);
        field.set(null, code);
    }

    /** Unpacks the zip into a temporary task root. */
    public static PackagedLambda unpack(Path zip) throws IOException, ReflectiveOperationException {
        return new PackagedLambda(unzip(zip, Files.createTempDirectory("lambda-task")));
    }

    public Path taskRoot() {
        return taskRoot;
    }

    /** The class loader of the function's code (the runtime's customer class loader over the task root). */
    public ClassLoader code() {
        return code;
    }

    /**
     * Runs a function's init as the runtime does ({@code AWSLambda.main}: customer class loader as the
     * thread's context loader, the handler string resolved and its class constructed), with
     * {@code environment} added to this process's environment until the instance is closed.
     */
    public synchronized Instance init(String handler, Map<String, String> environment) throws Exception {
        if (live != null) {
            throw new IllegalStateException("one function instance at a time: close " + live.handler + " first");
        }
        Map<String, String> variables = new LinkedHashMap<>(environment);
        variables.put("LAMBDA_TASK_ROOT", taskRoot.toString());
        ProcessEnvironment.Change change = ProcessEnvironment.set(variables);
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        try {
            thread.setContextClassLoader(code);
            Object requestHandler = findRequestHandler.invoke(null, handler, code);
            live = new Instance(handler, requestHandler, change);
            return live;
        } catch (InvocationTargetException e) {
            change.undo();
            throw new IllegalStateException(handler + ": init failed: " + reportable(e.getCause()), e.getCause());
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** One function instance: its handler, loaded once, answering events until closed. */
    public final class Instance implements AutoCloseable {
        private final String handler;
        private final Object requestHandler;
        private final ProcessEnvironment.Change environment;

        private Instance(String handler, Object requestHandler, ProcessEnvironment.Change environment) {
            this.handler = handler;
            this.requestHandler = requestHandler;
            this.environment = environment;
        }

        /** The JSON answer to the event {@code json}, or the runtime's error report (init or invoke error) as an exception. */
        public String invoke(String json) throws Exception {
            Object request = invocationRequest.getDeclaredConstructor().newInstance();
            invocationRequest.getMethod("setId", String.class).invoke(request, UUID.randomUUID().toString());
            invocationRequest.getMethod("setInvokedFunctionArn", String.class)
                    .invoke(request, "arn:aws:lambda:us-east-1:123456789012:function:packaged:live");
            invocationRequest.getMethod("setDeadlineTimeInMs", long.class).invoke(request, System.currentTimeMillis() + 60_000);
            invocationRequest.getMethod("setContent", byte[].class).invoke(request, (Object) json.getBytes(StandardCharsets.UTF_8));
            Thread thread = Thread.currentThread();
            ClassLoader previous = thread.getContextClassLoader();
            thread.setContextClassLoader(code);
            try {
                return ((ByteArrayOutputStream) call.invoke(requestHandler, request)).toString(StandardCharsets.UTF_8);
            } catch (InvocationTargetException e) {
                throw new IllegalStateException(handler + ": " + reportable(e.getCause()), e.getCause());
            } finally {
                thread.setContextClassLoader(previous);
            }
        }

        /**
         * SnapStart's hooks, as the runtime calls them before it snapshots this instance and after it restores
         * the snapshot (the restore itself cannot happen in this JVM): the function's {@code SnapshotPriming}.
         * Returns the warm-ups that failed, with why.
         */
        public Map<?, ?> runSnapshotHooks() throws Exception {
            Thread thread = Thread.currentThread();
            ClassLoader previous = thread.getContextClassLoader();
            thread.setContextClassLoader(code);
            try {
                Object context = applicationContext();
                Class<?> primingType = code.loadClass("domainintel.aws.SnapshotPriming");
                Object priming = context.getClass().getMethod("getBean", Class.class).invoke(context, primingType);
                Class<?> cracContext = code.loadClass("org.crac.Context");
                primingType.getMethod("beforeCheckpoint", cracContext).invoke(priming, (Object) null);
                Map<?, ?> failed = (Map<?, ?>) primingType.getMethod("failedWarmUps").invoke(priming);
                primingType.getMethod("afterRestore", cracContext).invoke(priming, (Object) null);
                return failed;
            } catch (InvocationTargetException e) {
                throw new IllegalStateException(handler + ": SnapStart hooks failed: " + e.getCause(), e.getCause());
            } finally {
                thread.setContextClassLoader(previous);
            }
        }

        /**
         * The beans that serve {@code method path} (a route of the function's API events, path parameters filled
         * in) created in the function's context, as its first request to that route creates them: the controller
         * and everything it holds. Returns the controllers' class names; an exception if one cannot be created.
         */
        public List<String> createRouteBeans(String method, String path) throws Exception {
            return inFunction(method + " " + path, context -> {
                Method getBean = code.loadClass("io.micronaut.context.BeanLocator").getMethod("getBean", Class.class);
                Class<?> routerType = code.loadClass("io.micronaut.web.router.Router");
                Class<?> httpMethod = code.loadClass("io.micronaut.http.HttpMethod");
                Method find = routerType.getMethod("find", httpMethod, CharSequence.class, code.loadClass("io.micronaut.http.HttpRequest"));
                Method routeInfo = code.loadClass("io.micronaut.web.router.RouteMatch").getMethod("getRouteInfo");
                Method declaringType = code.loadClass("io.micronaut.web.router.RouteInfo").getMethod("getDeclaringType");
                Object router = getBean.invoke(context, routerType);
                @SuppressWarnings({"unchecked", "rawtypes"})
                List<Object> matches = ((Stream<Object>) find.invoke(router, Enum.valueOf((Class) httpMethod, method), path, null)).toList();
                List<String> controllers = new ArrayList<>();
                for (Object match : matches) {
                    Class<?> controller = (Class<?>) declaringType.invoke(routeInfo.invoke(match));
                    getBean.invoke(context, controller);
                    controllers.add(controller.getName());
                }
                return controllers;
            });
        }

        /** The class of the bean of type {@code typeName} as the function's context creates it. */
        public String beanClassName(String typeName) throws Exception {
            return inFunction(typeName, context -> code.loadClass("io.micronaut.context.BeanLocator").getMethod("getBean", Class.class)
                    .invoke(context, code.loadClass(typeName)).getClass().getName());
        }

        /** Something done with the function's context, on its class loader; {@code what} names it in a failure. */
        private <T> T inFunction(String what, ContextCall<T> call) throws Exception {
            Thread thread = Thread.currentThread();
            ClassLoader previous = thread.getContextClassLoader();
            thread.setContextClassLoader(code);
            try {
                return call.with(applicationContext());
            } catch (InvocationTargetException e) {
                throw new IllegalStateException(handler + ": " + what + ": " + e.getCause(), e.getCause());
            } finally {
                thread.setContextClassLoader(previous);
            }
        }

        /** The function's application context (a Micronaut {@code ApplicationContext} of the function's class loader). */
        private Object applicationContext() throws ReflectiveOperationException {
            List<Closeable> userHandlers = LambdaRuntime.closeablesOf(requestHandler);
            if (userHandlers.isEmpty()) {
                throw new IllegalStateException(handler + " has no application context");
            }
            return userHandlers.get(0).getClass().getMethod("getApplicationContext").invoke(userHandlers.get(0));
        }

        /** Ends the instance: closes what its handler opened (its application context), restores the environment. */
        @Override
        public void close() throws Exception {
            synchronized (PackagedLambda.this) {
                try {
                    for (Closeable closeable : LambdaRuntime.closeablesOf(requestHandler)) {
                        closeable.close();
                    }
                } finally {
                    environment.undo();
                    live = null;
                }
            }
        }
    }

    /** What the runtime would report for a failed init or invoke (its {@code UserFault}), else the throwable itself. */
    private static String reportable(Throwable failure) {
        try {
            return (String) failure.getClass().getMethod("reportableError").invoke(failure);
        } catch (ReflectiveOperationException notAUserFault) {
            return failure.toString();
        }
    }

    @Override
    public synchronized void close() throws IOException {
        code.close();
        runtimeLoader.close();
        try (Stream<Path> files = Files.walk(taskRoot)) {
            for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }

    private static URL jarOf(Class<?> type) {
        return type.getProtectionDomain().getCodeSource().getLocation();
    }

    /** Unpacks a Lambda zip as the runtime finds it in {@code /var/task}. */
    public static Path unzip(Path zip, Path into) throws IOException {
        Files.createDirectories(into);
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                Path target = into.resolve(entry.getName()).normalize();
                if (!target.startsWith(into)) {
                    throw new IOException("zip entry outside the task root: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return into;
    }

    /**
     * This process's environment variables, changed in place for a function instance (Lambda gives each
     * function its own environment; Micronaut and the AWS SDK read it through {@link System#getenv}). Needs
     * {@code --add-opens java.base/java.util=ALL-UNNAMED} (the surefire argLine).
     */
    static final class ProcessEnvironment {
        record Change(Map<String, String> previous) {
            void undo() {
                Map<String, String> env = writable();
                previous.forEach((k, v) -> {
                    if (v == null) {
                        env.remove(k);
                    } else {
                        env.put(k, v);
                    }
                });
            }
        }

        static Change set(Map<String, String> variables) {
            Map<String, String> env = writable();
            Map<String, String> previous = new LinkedHashMap<>();
            variables.forEach((k, v) -> previous.put(k, env.put(k, v)));
            return new Change(previous);
        }

        @SuppressWarnings("unchecked")
        private static Map<String, String> writable() {
            Map<String, String> env = System.getenv();
            try {
                Field field = env.getClass().getDeclaredField("m");
                field.setAccessible(true);
                return (Map<String, String>) field.get(env);
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw new IllegalStateException("Cannot change the environment (run with --add-opens java.base/java.util=ALL-UNNAMED)", e);
            }
        }
    }

    /** A reflective call on a function's application context. */
    private interface ContextCall<T> {
        T with(Object context) throws Exception;
    }
}
