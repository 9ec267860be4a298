import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.representer.Representer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Repairs the OpenAPI 3.1 spec micronaut-openapi 6.20.0 (the newest on the reachable mirror) writes at
 * compile time, in place, before it is packaged and before the test client is generated from it. Run by
 * the build (pom.xml, process-classes) as a single-file program: {@code java -cp <snakeyaml> OpenApiSpecRepair.java spec.yml}.
 *
 * <p>The generator's 3.1 nullability is broken ({@code SchemaUtils.setNullable} adds {@code "null"}, then
 * {@code getType()} or else {@code "object"}; a 3.1 schema keeps its type in {@code types}, so {@code getType()}
 * is unset), and its example handling leaks an internal flag. Each rule below rewrites exactly one of the
 * shapes that produces, into what the code declares; anything else is left untouched, and a spec without
 * those shapes comes out unchanged, so the step becomes a no-op once the generator is fixed:
 * <ul>
 *   <li>a nullable scalar, {@code type: [string, "null", object]}: the stray {@code object} goes
 *       ({@code [string, "null"]});</li>
 *   <li>a nullable record or map, {@code type: "null"} beside {@code allOf: [$ref]} or
 *       {@code additionalProperties} (which only null matches): {@code type: [object, "null"]}, so an object
 *       is checked against the record (whose schema has no {@code type}, so null passes it). Not a
 *       {@code oneOf} with {@code {type: "null"}}: validators that read 3.1 as 3.0 (swagger-request-validator)
 *       drop the array type and would see an empty schema that matches anything;</li>
 *   <li>{@code exampleSetFlag: true} beside a property's {@code example} (swagger-models' internal marker,
 *       read back as a 3.1 extension): removed;</li>
 *   <li>a string example written as a bare timestamp ({@code example: 2026-01-02T00:00:00Z} for
 *       {@code resetAt}): YAML 1.1 readers (SnakeYAML, PyYAML, so many client generators) read it as a date,
 *       not the string the schema declares, so it is written back quoted.</li>
 * </ul>
 */
public final class OpenApiSpecRepair {
    private static final String NULL = "null";

    public static void main(String[] args) throws IOException {
        Path spec = Path.of(args[0]);
        var loader = new LoaderOptions();
        loader.setCodePointLimit(16 * 1024 * 1024);
        var dumper = new DumperOptions();
        dumper.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        dumper.setWidth(120);
        Yaml yaml = new Yaml(new org.yaml.snakeyaml.constructor.SafeConstructor(loader), new Representer(dumper), dumper, loader);
        Object root = yaml.load(Files.readString(spec, StandardCharsets.UTF_8));
        int[] repairs = {0};
        Object repaired = repair(root, repairs);
        if (repairs[0] > 0) {
            Files.writeString(spec, yaml.dump(repaired), StandardCharsets.UTF_8);
        }
        System.out.println("OpenApiSpecRepair: " + repairs[0] + " repair(s) in " + spec);
    }

    @SuppressWarnings("unchecked")
    private static Object repair(Object node, int[] repairs) {
        if (node instanceof List<?> list) {
            var out = new ArrayList<>(list.size());
            for (Object item : list) {
                out.add(repair(item, repairs));
            }
            return out;
        }
        if (!(node instanceof Map<?, ?> map)) {
            return node;
        }
        Map<String, Object> in = (Map<String, Object>) map;
        var out = new LinkedHashMap<String, Object>();
        for (var entry : in.entrySet()) {
            String key = entry.getKey();
            Object value = entry.getValue();
            if (key.equals("exampleSetFlag") && value instanceof Boolean) {
                repairs[0]++;
                continue;
            }
            if (key.equals("example") && value instanceof Date timestamp) {
                // A String that reads as a timestamp is dumped quoted by SnakeYAML's representer.
                out.put(key, timestamp.toInstant().toString());
                repairs[0]++;
                continue;
            }
            if (key.equals("type") && value instanceof List<?> types && types.size() > 2
                    && types.contains(NULL) && types.contains("object")) {
                var kept = new ArrayList<Object>(types);
                kept.remove("object");
                out.put(key, kept);
                repairs[0]++;
                continue;
            }
            if (key.equals("type") && NULL.equals(value) && (in.containsKey("allOf") || in.containsKey("additionalProperties"))) {
                out.put(key, List.of("object", NULL));
                repairs[0]++;
                continue;
            }
            out.put(key, repair(value, repairs));
        }
        return out;
    }
}
