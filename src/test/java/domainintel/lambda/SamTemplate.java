package domainintel.lambda;

import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The functions of {@code template.yaml} as a test needs them: each one's Handler (its own or the
 * Globals'), environment and event sources. A {@code !Ref} or {@code !GetAtt} is read as the string
 * {@code "!Ref Name"}; the other short tags (!Sub, !If, ...) are dropped: no test depends on what they
 * resolve to.
 */
public record SamTemplate(List<Function> functions, List<String> customResourceFunctions) {

    /** One event source of a function: its type (Api, SQS, Schedule) and its properties. */
    public record EventSource(String type, Map<String, Object> properties) {
        public String apiRoute() {
            return properties.get("Method").toString().toUpperCase() + " " + properties.get("Path");
        }
    }

    /** {@code snapStart}: the function's SnapStart {@code ApplyOn} ({@code PublishedVersions} or {@code None}). */
    public record Function(String logicalId, String handler, int memoryMb, Map<String, String> environment,
                           List<EventSource> events, String snapStart) {
        public List<EventSource> events(String type) {
            return events.stream().filter(e -> e.type().equals(type)).toList();
        }
    }

    public static SamTemplate read() {
        return read(Path.of("template.yaml"));
    }

    @SuppressWarnings("unchecked")
    public static SamTemplate read(Path file) {
        String yaml;
        try {
            // A reference to a resource or parameter stays recognisable as one ("!Ref Name" as a string).
            yaml = Files.readString(file).replaceAll("!(Ref|GetAtt) \"?([A-Za-z0-9.:]+)\"?", "\"!$1 $2\"")
                    .replaceAll("!(?!Ref |GetAtt )[A-Za-z:]+", "");
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read " + file, e);
        }
        Map<String, Object> template = new Yaml().load(yaml);
        var globals = (Map<String, Object>) ((Map<String, Object>) template.getOrDefault("Globals", Map.of()))
                .getOrDefault("Function", Map.of());
        var resources = (Map<String, Map<String, Object>>) template.get("Resources");
        List<Function> functions = new ArrayList<>();
        List<String> customResourceFunctions = new ArrayList<>();
        for (var resource : resources.entrySet()) {
            if (String.valueOf(resource.getValue().get("Type")).startsWith("Custom::")) {
                // ServiceToken: !Ref SomeFunction.Alias (or !GetAtt SomeFunction.Arn): the function's logical id.
                var properties = (Map<String, Object>) resource.getValue().get("Properties");
                String token = String.valueOf(properties.get("ServiceToken")).replaceFirst("^!(Ref|GetAtt) ", "");
                customResourceFunctions.add(token.split("\\.")[0]);
            }
            if (!"AWS::Serverless::Function".equals(resource.getValue().get("Type"))) {
                continue;
            }
            var properties = (Map<String, Object>) resource.getValue().get("Properties");
            String handler = (String) properties.getOrDefault("Handler", globals.get("Handler"));
            int memory = ((Number) properties.getOrDefault("MemorySize", globals.getOrDefault("MemorySize", 128))).intValue();
            Map<String, String> environment = new java.util.LinkedHashMap<>();
            environment.putAll(variables(globals));
            environment.putAll(variables(properties));
            List<EventSource> events = new ArrayList<>();
            var declared = (Map<String, Map<String, Object>>) properties.getOrDefault("Events", Map.of());
            for (var event : declared.values()) {
                events.add(new EventSource((String) event.get("Type"),
                        (Map<String, Object>) event.getOrDefault("Properties", Map.of())));
            }
            var snapStart = (Map<String, Object>) properties.getOrDefault("SnapStart", globals.getOrDefault("SnapStart", Map.of("ApplyOn", "None")));
            functions.add(new Function(resource.getKey(), Objects.requireNonNull(handler, resource.getKey() + " has no Handler"),
                    memory, environment, events, String.valueOf(snapStart.get("ApplyOn"))));
        }
        return new SamTemplate(List.copyOf(functions), List.copyOf(customResourceFunctions));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> variables(Map<String, Object> functionProperties) {
        var environment = (Map<String, Object>) functionProperties.getOrDefault("Environment", Map.of());
        var variables = (Map<String, Object>) environment.getOrDefault("Variables", Map.of());
        Map<String, String> result = new java.util.LinkedHashMap<>();
        variables.forEach((k, v) -> result.put(k, String.valueOf(v)));
        return result;
    }

    public Function function(String logicalId) {
        return functions.stream().filter(f -> f.logicalId().equals(logicalId)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No function " + logicalId + " in template.yaml"));
    }
}
