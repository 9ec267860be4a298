package domainintel.contract;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The one rule for how a state enum is written in JSON, CSV, query parameters and stored rows: its
 * constant's name in lower case ({@code ENTERPRISE} is {@code enterprise}). Every enum parses its
 * values through here, so a value type has exactly one parser.
 */
public final class WireNames {
    private WireNames() {
    }

    public static String of(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    /** The constant whose wire name is exactly {@code wire}, if any. */
    public static <E extends Enum<E>> Optional<E> parse(Class<E> type, String wire) {
        return Arrays.stream(type.getEnumConstants()).filter(value -> of(value).equals(wire)).findFirst();
    }

    /** The constant whose wire name is {@code wire}; for values this system wrote itself, so a miss is a bug. */
    public static <E extends Enum<E>> E parseStored(Class<E> type, String wire) {
        return parse(type, wire).orElseThrow(() -> new IllegalStateException("No " + type.getSimpleName() + " '" + wire + "'"));
    }

    public static List<String> all(Class<? extends Enum<?>> type) {
        return Arrays.stream(type.getEnumConstants()).map(WireNames::of).toList();
    }
}
