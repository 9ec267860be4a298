package domainintel.valuation;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The portfolio command: one CSV row per name, in order, invalid names reported in their row. */
class ValueNamesCommandTest {
    @Test
    void valuesAFileOfNamesIntoCsv(@TempDir Path dir) throws Exception {
        Path names = Files.writeString(dir.resolve("names.txt"), "CarInsurance.com\n# a comment\n\nnot a domain\nlumora.io\n");
        Path out = dir.resolve("out.csv");
        int status = ValueNamesCommand.run(new String[]{"value-names", names.toString(), out.toString()});
        assertEquals(0, status, "the file was written: an invalid name is reported in its row, not by the exit status");
        List<String> rows = Files.readAllLines(out);
        assertEquals(ValueNamesCommand.HEADER, rows.get(0));
        assertEquals(4, rows.size());
        String[] car = rows.get(1).split(",", -1);
        assertEquals("carinsurance.com", car[0]);
        assertTrue(Long.parseLong(car[2]) <= Long.parseLong(car[1]) && Long.parseLong(car[1]) <= Long.parseLong(car[3]));
        assertTrue(Long.parseLong(car[4]) < Long.parseLong(car[1]), "wholesale below retail");
        double marketability = Double.parseDouble(car[7]);
        assertTrue(marketability >= 0 && marketability <= 1, car[7]);
        assertTrue(rows.get(2).startsWith("not a domain,,,,,,,,,"), rows.get(2));
        assertTrue(rows.get(3).startsWith("lumora.io,"));
    }

    @Test
    void failsOnlyWhenTheFileCannotBeReadOrWritten(@TempDir Path dir) throws Exception {
        Path names = Files.writeString(dir.resolve("names.txt"), "lumora.io\n");
        Path nowhere = dir.resolve("no-such-directory").resolve("out.csv");
        assertEquals(1, ValueNamesCommand.run(new String[]{"value-names", names.toString(), nowhere.toString()}));
        assertEquals(1, ValueNamesCommand.run(new String[]{"value-names", dir.resolve("missing.txt").toString(), dir.resolve("o.csv").toString()}));
    }

    @Test
    void quotesFieldsWithCommas() {
        assertEquals("\"a,b\"", ValueNamesCommand.csv("a,b"));
        assertEquals("\"say \"\"hi\"\"\"", ValueNamesCommand.csv("say \"hi\""));
        assertEquals("plain", ValueNamesCommand.csv("plain"));
    }
}
