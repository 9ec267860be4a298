package domainintel.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads one counter of another HotSpot JVM from its performance data file ({@code /tmp/hsperfdata_<user>/<pid>},
 * written by the JVM itself, on by default): what {@code jstat -class} shows, without starting a JVM to ask.
 * Format: HotSpot's {@code perfMemory} prologue (magic {@code 0xcafec0c0}, byte order, entry offset and count),
 * then entries of {@code length, name offset, vector length, type, flags, units, variability, data offset}.
 */
final class PerfData {
    private static final int MAGIC = 0xcafec0c0;

    private PerfData() {
    }

    /** Classes the JVM with this pid has loaded so far (those from the CDS archive included), or -1. */
    static long loadedClasses(long pid) {
        return counter(pid, "java.cls.loadedClasses");
    }

    static long counter(long pid, String name) {
        Path file = Path.of(System.getProperty("java.io.tmpdir"), "hsperfdata_" + System.getProperty("user.name"), Long.toString(pid));
        try {
            ByteBuffer data = ByteBuffer.wrap(Files.readAllBytes(file));
            if (data.getInt(0) != MAGIC) {
                return -1;
            }
            data.order(data.get(4) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            int entry = data.getInt(24);
            int entries = data.getInt(28);
            for (int i = 0; i < entries; i++) {
                int length = data.getInt(entry);
                int nameStart = entry + data.getInt(entry + 4);
                int nameEnd = nameStart;
                while (data.get(nameEnd) != 0) {
                    nameEnd++;
                }
                if (name.equals(new String(data.array(), nameStart, nameEnd - nameStart, StandardCharsets.US_ASCII))
                        && data.get(entry + 12) == 'J') {
                    return data.getLong(entry + data.getInt(entry + 16));
                }
                entry += length;
            }
            return -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
