package domainintel.aws.logging;

import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.LocalTime;

/** One logger of {@link StdoutLogging}: a line per event, as Logback's {@code %d{HH:mm:ss.SSS} %-5level %logger{36} - %msg%n}. */
final class StdoutLogger extends LegacyAbstractLogger {
    private static final int LOGGER_NAME_LENGTH = 36;

    private final transient Level threshold;
    private final transient PrintStream out;
    private final String shownName;

    StdoutLogger(String name, Level threshold, PrintStream out) {
        this.name = name;
        this.threshold = threshold;
        this.out = out;
        this.shownName = abbreviate(name, LOGGER_NAME_LENGTH);
    }

    @Override
    public boolean isTraceEnabled() {
        return enabled(Level.TRACE);
    }

    @Override
    public boolean isDebugEnabled() {
        return enabled(Level.DEBUG);
    }

    @Override
    public boolean isInfoEnabled() {
        return enabled(Level.INFO);
    }

    @Override
    public boolean isWarnEnabled() {
        return enabled(Level.WARN);
    }

    @Override
    public boolean isErrorEnabled() {
        return enabled(Level.ERROR);
    }

    private boolean enabled(Level level) {
        // SLF4J numbers levels from TRACE (0) up to ERROR (40).
        return level.toInt() >= threshold.toInt();
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(Level level, Marker marker, String pattern, Object[] arguments, Throwable throwable) {
        out.print(line(LocalTime.now(), level, pattern, arguments, throwable));
    }

    /** The text written for one event: its line, and the stack trace of its throwable if it has one. */
    String line(LocalTime time, Level level, String pattern, Object[] arguments, Throwable throwable) {
        StringBuilder line = new StringBuilder(96);
        twoDigits(line, time.getHour()).append(':');
        twoDigits(line, time.getMinute()).append(':');
        twoDigits(line, time.getSecond()).append('.');
        int millis = time.getNano() / 1_000_000;
        line.append(millis < 100 ? (millis < 10 ? "00" : "0") : "").append(millis).append(' ');
        String levelName = level.name();
        line.append(levelName).append(" ".repeat(Math.max(0, 5 - levelName.length()))).append(' ');
        line.append(shownName).append(" - ").append(MessageFormatter.basicArrayFormat(pattern, arguments)).append('\n');
        if (throwable != null) {
            StringWriter trace = new StringWriter();
            throwable.printStackTrace(new PrintWriter(trace));
            line.append(trace);
        }
        return line.toString();
    }

    private static StringBuilder twoDigits(StringBuilder line, int value) {
        return line.append(value < 10 ? "0" : "").append(value);
    }

    /**
     * Logback's {@code %logger{36}}: a name longer than the target keeps its last segment and shortens the packages
     * before it to their first letter, from the left, until it fits (or nothing is left to shorten).
     */
    static String abbreviate(String name, int target) {
        int lastDot = name.lastIndexOf('.');
        if (name.length() < target || lastDot < 0) {
            return name;
        }
        int toTrim = lastDot - Math.max(0, target - (name.length() - lastDot));
        StringBuilder shown = new StringBuilder(name.length());
        int trimmed = 0;
        boolean segmentStart = true;
        int i = 0;
        for (; i < lastDot; i++) {
            char c = name.charAt(i);
            if (c == '.') {
                if (trimmed >= toTrim) {
                    break;
                }
                shown.append(c);
                segmentStart = true;
            } else if (segmentStart) {
                shown.append(c);
                segmentStart = false;
            } else {
                trimmed++;
            }
        }
        return shown.append(name, i, name.length()).toString();
    }
}
