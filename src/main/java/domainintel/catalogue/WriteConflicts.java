package domainintel.catalogue;

import java.sql.SQLException;

/**
 * Recognises a write that lost a race with another transaction and may simply be tried again: a
 * unique key taken meanwhile, a serialisation failure, a deadlock, or H2's concurrent update of
 * one row. PostgreSQL and H2 report these with standard (or H2's own) SQL states.
 */
final class WriteConflicts {
    private WriteConflicts() {
    }

    static boolean isConflict(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                switch (sql.getSQLState()) {
                    case "23505", "40001", "40P01", "90131" -> {
                        return true;
                    }
                    default -> {
                    }
                }
            }
        }
        return false;
    }
}
