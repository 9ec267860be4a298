package domainintel;

import domainintel.catalogue.InventoryImporter;
import domainintel.valuation.ValueNamesCommand;
import domainintel.valuation.training.TrainModelCommand;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.Micronaut;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs the API server, or with a command name, a one-off command against the same stores:
 * {@code import-inventory FILE.csv}, {@code train-model}, {@code value-names NAMES.txt [OUT.csv]}.
 */
public class Application {
    public static void main(String[] args) throws IOException {
        if (args.length > 0 && args[0].equals("import-inventory")) {
            System.exit(importInventory(args));
        }
        if (args.length > 0 && args[0].equals("train-model")) {
            System.exit(TrainModelCommand.run(args));
        }
        if (args.length > 0 && args[0].equals("value-names")) {
            System.exit(ValueNamesCommand.run(args));
        }
        Micronaut.run(Application.class, args);
    }

    private static int importInventory(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: import-inventory FILE.csv   (header: domain,price[,category][,status])");
            return 2;
        }
        // The context's executors are non-daemon threads: closing it is what lets the command end.
        try (ApplicationContext context = ApplicationContext.run();
             var reader = Files.newBufferedReader(Path.of(args[1]), StandardCharsets.UTF_8)) {
            var report = context.getBean(InventoryImporter.class)
                    .importCsv(reader, rows -> System.err.printf("... %,d rows%n", rows));
            System.out.printf("rows %d: created %d, updated %d, unchanged %d, rejected %d%n",
                    report.rows(), report.created(), report.updated(), report.unchanged(), report.rejected());
            report.rejections().forEach(r -> System.out.printf("  line %d (%s): %s%n", r.line(), r.domain(), r.reason()));
            if (report.rejected() > report.rejections().size()) {
                System.out.printf("  ... and %d more rejected rows%n", report.rejected() - report.rejections().size());
            }
            return report.rejected() == 0 ? 0 : 1;
        }
    }
}
