-- Part payments (0020) meet the unpaid-invoice counters (0016): a counter row's cents are what the client's unpaid
-- invoices still owe (amount less amount_paid), not what they were issued for, so the /JobClient strip's "owed"
-- equals the sum of the balances on the list it links to. The function is replaced and the counts rebuilt in this
-- migration's transaction.
CREATE OR REPLACE FUNCTION "invoice_unpaid_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "invoice_unpaid_counts" AS c ("client_id", "currency_code", "due_date", "n", "cents")
    SELECT "client_id", "currency_code", coalesce("due_date", 'infinity'), count(*)::int, sum(round(("amount" - "amount_paid") * 100))::bigint
    FROM "new_invoices" WHERE NOT "is_paid" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("client_id", "currency_code", "due_date") DO UPDATE SET "n" = c."n" + excluded."n", "cents" = c."cents" + excluded."cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "invoice_unpaid_counts" AS c ("client_id", "currency_code", "due_date", "n", "cents")
    SELECT "client_id", "currency_code", coalesce("due_date", 'infinity'), -count(*)::int, -sum(round(("amount" - "amount_paid") * 100))::bigint
    FROM "old_invoices" WHERE NOT "is_paid" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("client_id", "currency_code", "due_date") DO UPDATE SET "n" = c."n" + excluded."n", "cents" = c."cents" + excluded."cents";
  ELSE
    INSERT INTO "invoice_unpaid_counts" AS c ("client_id", "currency_code", "due_date", "n", "cents")
    SELECT "client_id", "currency_code", "due_date", sum("d")::int, sum("cents")::bigint FROM (
      SELECT "client_id", "currency_code", coalesce("due_date", 'infinity') AS "due_date", -1 AS "d", -round(("amount" - "amount_paid") * 100) AS "cents" FROM "old_invoices" WHERE NOT "is_paid"
      UNION ALL
      SELECT "client_id", "currency_code", coalesce("due_date", 'infinity'), 1, round(("amount" - "amount_paid") * 100) FROM "new_invoices" WHERE NOT "is_paid"
    ) AS delta
    GROUP BY 1, 2, 3 HAVING sum("d") <> 0 OR sum("cents") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("client_id", "currency_code", "due_date") DO UPDATE SET "n" = c."n" + excluded."n", "cents" = c."cents" + excluded."cents";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
LOCK TABLE "invoices" IN SHARE MODE;
--> statement-breakpoint
DELETE FROM "invoice_unpaid_counts";
--> statement-breakpoint
INSERT INTO "invoice_unpaid_counts" ("client_id", "currency_code", "due_date", "n", "cents")
SELECT "client_id", "currency_code", coalesce("due_date", 'infinity'), count(*)::int, sum(round(("amount" - "amount_paid") * 100))::bigint FROM "invoices" WHERE NOT "is_paid" GROUP BY 1, 2, 3;
