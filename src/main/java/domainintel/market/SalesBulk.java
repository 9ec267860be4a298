package domainintel.market;

import domainintel.contract.WireNames;
import domainintel.sales.Market;
import io.micronaut.data.exceptions.DataAccessException;
import io.micronaut.transaction.TransactionOperations;
import io.micronaut.transaction.annotation.Transactional;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Bulk reads and writes of the sales history over plain JDBC: tens of thousands of rows at start-up
 * (every fresh database) and at every trends rebuild, where per-row entity mapping costs too much.
 */
@Singleton
public class SalesBulk {
    private static final int BATCH = 2_000;
    /** A sale already recorded (same natural key) is skipped, not an error: racing imports store it once. */
    private static final String INSERT = "INSERT INTO sales (domain, tld, price_usd, sale_date, sale_year, venue, source, market, recorded_at, sale_key)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING";
    private static final String SELECT_DATED = "SELECT domain, tld, price_usd, sale_date, market FROM sales WHERE sale_date IS NOT NULL";

    private final TransactionOperations<Connection> transactions;

    public SalesBulk(TransactionOperations<Connection> transactions) {
        this.transactions = transactions;
    }

    /** A dated sale, as much of it as the trends need. */
    record DatedSale(String domain, String tld, long priceUsd, LocalDate date, Market market) {
    }

    /** Every sale with a date. */
    @Transactional(readOnly = true)
    public List<DatedSale> dated() {
        try (PreparedStatement select = transactions.getConnection().prepareStatement(SELECT_DATED);
             ResultSet rows = select.executeQuery()) {
            List<DatedSale> dated = new ArrayList<>(40_000);
            while (rows.next()) {
                dated.add(new DatedSale(rows.getString(1), rows.getString(2), rows.getLong(3), rows.getObject(4, LocalDate.class),
                        WireNames.parseStored(Market.class, rows.getString(5))));
            }
            return dated;
        } catch (SQLException e) {
            throw new DataAccessException("Could not read sales: " + e.getMessage(), e);
        }
    }

    /**
     * Inserts those of {@code sales} not yet recorded, in the caller's transaction or in one of its
     * own; returns how many were new.
     */
    @Transactional
    public int insert(List<StoredSale> sales) {
        try (PreparedStatement insert = transactions.getConnection().prepareStatement(INSERT)) {
            int pending = 0;
            int inserted = 0;
            for (StoredSale sale : sales) {
                insert.setString(1, sale.domain());
                insert.setString(2, sale.tld());
                insert.setLong(3, sale.priceUsd());
                if (sale.saleDate() == null) {
                    insert.setNull(4, Types.DATE);
                } else {
                    insert.setObject(4, sale.saleDate());
                }
                if (sale.saleYear() == null) {
                    insert.setNull(5, Types.INTEGER);
                } else {
                    insert.setInt(5, sale.saleYear());
                }
                insert.setString(6, sale.venue());
                insert.setString(7, sale.source());
                insert.setString(8, sale.market().wireName());
                insert.setObject(9, OffsetDateTime.ofInstant(sale.recordedAt(), ZoneOffset.UTC));
                insert.setString(10, sale.naturalKey());
                insert.addBatch();
                if (++pending == BATCH) {
                    inserted += inserted(insert.executeBatch());
                    pending = 0;
                }
            }
            if (pending > 0) {
                inserted += inserted(insert.executeBatch());
            }
            return inserted;
        } catch (SQLException e) {
            throw new DataAccessException("Could not insert sales: " + e.getMessage(), e);
        }
    }

    private static int inserted(int[] counts) {
        int inserted = 0;
        for (int count : counts) {
            if (count == Statement.SUCCESS_NO_INFO) {
                throw new IllegalStateException("The database did not report which sales it inserted");
            }
            inserted += count;
        }
        return inserted;
    }
}
