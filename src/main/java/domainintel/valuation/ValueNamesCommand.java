package domainintel.valuation;

import domainintel.names.DomainNames;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;

/**
 * {@code value-names NAMES.txt [OUT.csv]}: values a portfolio (one name a line; blank lines and
 * {@code #} comments skipped) into CSV, on standard output without OUT. Needs no server and no
 * stores: the model and lexicons ship in the jar. An invalid name gets a row with its error; the
 * exit status is 0 when the CSV was written (invalid names or not), 1 when the names could not be
 * read or the CSV not written, 2 on a usage error.
 */
public final class ValueNamesCommand {
    static final String HEADER = "domain,value,low,high,wholesale_value,wholesale_low,wholesale_high,marketability,top_driver,error";
    private static final int PROGRESS_EVERY = 1_000;

    private ValueNamesCommand() {
    }

    public static int run(String[] args) {
        if (args.length < 2 || args.length > 3) {
            System.err.println("usage: value-names NAMES.txt [OUT.csv]   (one domain name a line)");
            return 2;
        }
        try {
            valueAll(args);
            return 0;
        } catch (IOException e) {
            // What failed and where, without a stack trace: the cause is the file, not the program.
            System.err.println("value-names: " + e);
            return 1;
        }
    }

    private static void valueAll(String[] args) throws IOException {
        var profiler = NameProfiler.standalone();
        var valuator = new Valuator(profiler, new ComparableSales(profiler.segmenter(), profiler.english()), Clock.systemUTC());
        int valued = 0;
        int failed = 0;
        try (BufferedReader in = Files.newBufferedReader(Path.of(args[1]), StandardCharsets.UTF_8);
             PrintWriter out = args.length == 3
                     ? new PrintWriter(Files.newBufferedWriter(Path.of(args[2]), StandardCharsets.UTF_8))
                     : new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8))) {
            out.println(HEADER);
            String line;
            while ((line = in.readLine()) != null) {
                String input = line.strip();
                if (input.isEmpty() || input.startsWith("#")) {
                    continue;
                }
                var name = DomainNames.tryParse(input);
                if (name.isEmpty()) {
                    out.println(csv(input) + ",,,,,,,,," + csv(DomainNames.problem(input)));
                    failed++;
                } else {
                    Valuation v = valuator.value(name.get());
                    String driver = v.drivers().isEmpty() ? "" : v.drivers().get(0).description();
                    out.printf(Locale.ROOT, "%s,%d,%d,%d,%d,%d,%d,%.3f,%s,%n", v.domain(), v.value(), v.range().low(), v.range().high(),
                            v.wholesale().value(), v.wholesale().low(), v.wholesale().high(), v.marketability(), csv(driver));
                    valued++;
                }
                if ((valued + failed) % PROGRESS_EVERY == 0) {
                    System.err.printf("... %,d names%n", valued + failed);
                }
            }
            // A PrintWriter keeps its write errors (a full disk, a closed pipe) to itself until asked.
            if (out.checkError()) {
                throw new IOException("could not write the CSV" + (args.length == 3 ? " to " + args[2] : ""));
            }
        }
        System.err.printf("valued %,d names, %,d invalid (each with its error in the CSV)%n", valued, failed);
    }

    /** Quotes a field when it holds a comma, quote or line break. */
    static String csv(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
