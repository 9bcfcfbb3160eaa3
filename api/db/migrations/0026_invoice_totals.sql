-- The invoice list's totals (issue 28, budget "invoice list with totals": p99 under 300 ms for a provider with
-- 50,000 invoices at 50 connections). `listInvoices` answered them with count and sum per status and currency
-- over every invoice of the provider: 50,000 rows per request (≈ 145 ms from the heap, ≈ 80 ms from a covering
-- index, measured; either way one request's worth of CPU that grows with the books). Here they are kept, per
-- provider, status and currency, by the database itself in the statement that changes an invoice, so the
-- list reads at most ten rows. Conventions of 0001–0025 hold; in addition:
--   * `invoice_totals` is derived data: the sum of `invoices` per (provider_id, status, currency), nothing
--     else writes it, and a group whose last invoice leaves is deleted (so a deleted account leaves nothing);
--   * the triggers are per statement (transition tables): one statement's changes are added up first and
--     applied in the key's order, so concurrent statements of one provider lock the rows they share in the
--     same order;
--   * the filtered list (client, project, search) still sums the invoices it matches;
--   * `paid_cents` is the sum of the invoices' partial payments (0025), for the balance due.
CREATE TABLE invoice_totals (
  provider_id uuid NOT NULL,
  status text NOT NULL,
  currency char(3) NOT NULL,
  invoice_count integer NOT NULL,
  amount_cents bigint NOT NULL,
  paid_cents bigint NOT NULL,
  PRIMARY KEY (provider_id, status, currency)
);

-- The rows a statement added (`new_rows`) count +1 and their amount, the rows it removed (`old_rows`) -1 and
-- minus theirs; an UPDATE is both. (A trigger has only the transition tables of its event, hence the text.)
CREATE FUNCTION invoice_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added constant text :=
    'SELECT provider_id, status, currency, 1 AS n, amount_cents AS cents, paid_cents AS paid FROM new_rows';
  removed constant text :=
    'SELECT provider_id, status, currency, -1 AS n, -amount_cents AS cents, -paid_cents AS paid FROM old_rows';
BEGIN
  EXECUTE format($q$
    WITH changes AS (%s)
    INSERT INTO invoice_totals AS t (provider_id, status, currency, invoice_count, amount_cents, paid_cents)
    SELECT provider_id, status, currency, sum(n)::int, sum(cents), sum(paid) FROM changes
    GROUP BY provider_id, status, currency
    HAVING sum(n) <> 0 OR sum(cents) <> 0 OR sum(paid) <> 0
    ORDER BY provider_id, status, currency
    ON CONFLICT (provider_id, status, currency) DO UPDATE
      SET invoice_count = t.invoice_count + EXCLUDED.invoice_count,
          amount_cents = t.amount_cents + EXCLUDED.amount_cents,
          paid_cents = t.paid_cents + EXCLUDED.paid_cents$q$,
    CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END);
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM invoice_totals t USING old_rows o
    WHERE t.provider_id = o.provider_id AND t.status = o.status AND t.currency = o.currency
      AND t.invoice_count = 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER invoice_totals_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_totals_apply();
CREATE TRIGGER invoice_totals_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_totals_apply();
CREATE TRIGGER invoice_totals_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_totals_apply();

INSERT INTO invoice_totals (provider_id, status, currency, invoice_count, amount_cents, paid_cents)
SELECT provider_id, status, currency, count(*), sum(amount_cents), sum(paid_cents) FROM invoices
GROUP BY provider_id, status, currency;
