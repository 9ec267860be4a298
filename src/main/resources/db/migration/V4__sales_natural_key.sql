-- A sale's natural key (name, price, date or year, source), so that imports racing with each other
-- store a sale once: inserts skip a key already present (ON CONFLICT DO NOTHING) instead of each
-- checking first and then inserting. The key is built the same way in StoredSale.naturalKey().
-- Copies a race stored before this migration are removed, keeping the first.
ALTER TABLE sales ADD COLUMN sale_key VARCHAR(400);
UPDATE sales SET sale_key = domain || '|' || CAST(price_usd AS VARCHAR(20)) || '|'
    || COALESCE(CAST(sale_date AS VARCHAR(10)), '') || '|' || COALESCE(CAST(sale_year AS VARCHAR(10)), '') || '|' || source;
DELETE FROM sales WHERE id NOT IN (SELECT MIN(id) FROM sales GROUP BY sale_key);
ALTER TABLE sales ALTER COLUMN sale_key SET NOT NULL;
CREATE UNIQUE INDEX sales_natural_key ON sales (sale_key);
