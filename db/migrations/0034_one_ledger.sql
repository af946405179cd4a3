-- One ledger (lib/invoices/ledger.ts): invoices, payments, adjustment notes and voids are entries of one account
-- per firm, and what an invoice owes is its total less its payments and adjustment notes (nothing once voided).
--
-- 1. Invoices marked paid by older data without payments for all of it get one payment of the rest, dated the day
--    they were marked paid (in the house's zone; the issue date when that day is unknown), referenced
--    'Marked paid', allocated to the invoice; amount_paid follows. The payment.received events of these old
--    payments are not raised (the invoice.paid event was, when it happened): the trigger is off for the backfill.
-- 2. The unpaid-invoice counters count what the ledger says an invoice owes: amount less amount_paid and
--    amount_credited, never below nothing, and nothing for a voided invoice; rebuilt here.
-- 3. A firm's voided invoices are read by client (the statement's void entries).
ALTER TABLE "payment_allocations" DISABLE TRIGGER "payment_allocations_integration_insert";
--> statement-breakpoint
WITH "missing" AS (
  SELECT nextval(pg_get_serial_sequence('payments', 'id')) AS "payment_id", i."id" AS "invoice_id", i."client_id", i."currency_code",
         i."amount" - i."amount_paid" - i."amount_credited" AS "rest",
         coalesce((i."paid_at" AT TIME ZONE 'Australia/Sydney')::date, i."issue_date") AS "paid_on",
         coalesce(i."paid_at", now()) AS "created_at"
  FROM "invoices" i
  WHERE i."is_paid" AND i."voided_at" IS NULL AND i."amount" - i."amount_paid" - i."amount_credited" > 0
), "paid" AS (
  INSERT INTO "payments" ("id", "client_id", "payment_date", "amount", "currency_code", "reference", "created_at")
  SELECT "payment_id", "client_id", "paid_on", "rest", "currency_code", 'Marked paid', "created_at" FROM "missing"
  RETURNING "id"
), "allocated" AS (
  INSERT INTO "payment_allocations" ("payment_id", "invoice_id", "amount")
  SELECT m."payment_id", m."invoice_id", m."rest" FROM "missing" m JOIN "paid" p ON p."id" = m."payment_id"
  RETURNING "invoice_id"
)
UPDATE "invoices" SET "amount_paid" = "invoices"."amount_paid" + m."rest"
FROM "missing" m WHERE "invoices"."id" = m."invoice_id";
--> statement-breakpoint
ALTER TABLE "payment_allocations" ENABLE TRIGGER "payment_allocations_integration_insert";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoice_unpaid_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "invoice_unpaid_counts" AS c ("client_id", "currency_code", "due_date", "n", "cents")
    SELECT "client_id", "currency_code", coalesce("due_date", 'infinity'), count(*)::int, sum(greatest(round(("amount" - "amount_paid" - "amount_credited") * 100), 0))::bigint
    FROM "new_invoices" WHERE NOT "is_paid" AND "voided_at" IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("client_id", "currency_code", "due_date") DO UPDATE SET "n" = c."n" + excluded."n", "cents" = c."cents" + excluded."cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "invoice_unpaid_counts" AS c ("client_id", "currency_code", "due_date", "n", "cents")
    SELECT "client_id", "currency_code", coalesce("due_date", 'infinity'), -count(*)::int, -sum(greatest(round(("amount" - "amount_paid" - "amount_credited") * 100), 0))::bigint
    FROM "old_invoices" WHERE NOT "is_paid" AND "voided_at" IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("client_id", "currency_code", "due_date") DO UPDATE SET "n" = c."n" + excluded."n", "cents" = c."cents" + excluded."cents";
  ELSE
    INSERT INTO "invoice_unpaid_counts" AS c ("client_id", "currency_code", "due_date", "n", "cents")
    SELECT "client_id", "currency_code", "due_date", sum("d")::int, sum("cents")::bigint FROM (
      SELECT "client_id", "currency_code", coalesce("due_date", 'infinity') AS "due_date", -1 AS "d", -greatest(round(("amount" - "amount_paid" - "amount_credited") * 100), 0) AS "cents" FROM "old_invoices" WHERE NOT "is_paid" AND "voided_at" IS NULL
      UNION ALL
      SELECT "client_id", "currency_code", coalesce("due_date", 'infinity'), 1, greatest(round(("amount" - "amount_paid" - "amount_credited") * 100), 0) FROM "new_invoices" WHERE NOT "is_paid" AND "voided_at" IS NULL
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
SELECT "client_id", "currency_code", coalesce("due_date", 'infinity'), count(*)::int, sum(greatest(round(("amount" - "amount_paid" - "amount_credited") * 100), 0))::bigint
FROM "invoices" WHERE NOT "is_paid" AND "voided_at" IS NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE INDEX "invoices_client_voided_idx" ON "invoices" USING btree ("client_id", "voided_at") WHERE "voided_at" IS NOT NULL;
