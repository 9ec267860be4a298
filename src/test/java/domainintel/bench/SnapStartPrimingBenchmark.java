package domainintel.bench;

import domainintel.lambda.LocalLambdaStage;
import domainintel.lambda.SamTemplate;
import domainintel.support.PackagedLambda;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What SnapStart priming buys, as far as it can be measured without Lambda (not a test;
 * {@code bin/benchmark-snapstart-priming}). This JDK cannot checkpoint, so the restore itself is not measured:
 * each function is started from the deployment zip in a class loader of its own (as {@code PackagedFunctionsTest}
 * does), then either answers its sample event at once (no priming) or first runs its SnapStart hooks, priming
 * before the snapshot and the restore hook after (primed), and the first and second answers are timed.
 * The arms alternate (unprimed, primed, unprimed, primed) so that neither has the JVM's own warm-up to itself.
 */
public final class SnapStartPrimingBenchmark {
    private static final List<String> FUNCTIONS = List.of("HealthFunction", "ListDomainsFunction", "ValuationFunction",
            "UsageFunction", "MarketTrendsFunction");

    public static void main(String[] args) throws Exception {
        Path zip = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        SamTemplate template = SamTemplate.read();
        try (LocalLambdaStage stage = LocalLambdaStage.start(Files.createTempDirectory("priming"), "priming")) {
            System.out.printf("first invoke after init, unprimed vs primed (SnapStart hooks run in between); load: %s%n",
                    Files.readString(Path.of("/proc/loadavg")).trim());
            System.out.println("| Function | arm | hooks (ms) | 1st invoke (ms) | 2nd invoke (ms) |");
            System.out.println("|---|---|---:|---:|---:|");
            for (String name : FUNCTIONS) {
                SamTemplate.Function function = template.function(name);
                String event = stage.event(stage.sampleEvent(function));
                for (int round = 0; round < rounds; round++) {
                    for (boolean primed : new boolean[]{false, true}) {
                        try (PackagedLambda packaged = PackagedLambda.unpack(zip);
                             PackagedLambda.Instance instance = packaged.init(function.handler(), stage.environment(function))) {
                            long hooks = 0;
                            if (primed) {
                                long started = System.nanoTime();
                                instance.runSnapshotHooks();
                                hooks = (System.nanoTime() - started) / 1_000_000;
                            }
                            long first = time(instance, event);
                            long second = time(instance, event);
                            System.out.printf("| %s | %s | %d | %d | %d |%n", name, primed ? "primed" : "unprimed", hooks, first, second);
                        }
                    }
                }
            }
        }
        System.exit(0);
    }

    private static long time(PackagedLambda.Instance instance, String event) throws Exception {
        long started = System.nanoTime();
        instance.invoke(event);
        return (System.nanoTime() - started) / 1_000_000;
    }
}
