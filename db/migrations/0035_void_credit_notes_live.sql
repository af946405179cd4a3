-- Void invoices and adjustment notes at work. `is_paid` now reads "nothing is left to pay": payments, adjustment
-- notes or a void settle an invoice, so every reader of unpaid invoices (the counters, the overview, the strip, the
-- partial indexes) leaves a void or fully credited invoice out by itself. The unpaid counters' cents are what is
-- still owed after payments AND adjustment notes; invoice.paid is told only when payments settle an invoice, and the
-- new events invoice.voided and credit_note.issued reach the change log and the webhooks. Adjustment notes have a
-- number series of their own per firm.
CREATE TABLE "credit_note_number_series" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"last_number" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "credit_note_number_series" ADD CONSTRAINT "credit_note_number_series_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoice_unpaid_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "invoice_unpaid_counts" AS c ("client_id", "currency_code", "due_date", "n", "cents")
    SELECT "client_id", "currency_code", coalesce("due_date", 'infinity'), count(*)::int, sum(round(("amount" - "amount_paid" - "amount_credited") * 100))::bigint
    FROM "new_invoices" WHERE NOT "is_paid" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("client_id", "currency_code", "due_date") DO UPDATE SET "n" = c."n" + excluded."n", "cents" = c."cents" + excluded."cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "invoice_unpaid_counts" AS c ("client_id", "currency_code", "due_date", "n", "cents")
    SELECT "client_id", "currency_code", coalesce("due_date", 'infinity'), -count(*)::int, -sum(round(("amount" - "amount_paid" - "amount_credited") * 100))::bigint
    FROM "old_invoices" WHERE NOT "is_paid" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("client_id", "currency_code", "due_date") DO UPDATE SET "n" = c."n" + excluded."n", "cents" = c."cents" + excluded."cents";
  ELSE
    INSERT INTO "invoice_unpaid_counts" AS c ("client_id", "currency_code", "due_date", "n", "cents")
    SELECT "client_id", "currency_code", "due_date", sum("d")::int, sum("cents")::bigint FROM (
      SELECT "client_id", "currency_code", coalesce("due_date", 'infinity') AS "due_date", -1 AS "d", -round(("amount" - "amount_paid" - "amount_credited") * 100) AS "cents" FROM "old_invoices" WHERE NOT "is_paid"
      UNION ALL
      SELECT "client_id", "currency_code", coalesce("due_date", 'infinity'), 1, round(("amount" - "amount_paid" - "amount_credited") * 100) FROM "new_invoices" WHERE NOT "is_paid"
    ) AS delta
    GROUP BY 1, 2, 3 HAVING sum("d") <> 0 OR sum("cents") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("client_id", "currency_code", "due_date") DO UPDATE SET "n" = c."n" + excluded."n", "cents" = c."cents" + excluded."cents";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "integration_invoices_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "integration_events" ("kind", "job_id", "invoice_id", "client_id", "jms_number", "invoice_number", "data", "occurred_at")
  SELECT e."kind", e."job_id", e."id", e."client_id", e."jms_number", e."invoice_number", e."data", e."occurred_at" FROM (
    SELECT 'invoice.paid' AS "kind", n."job_id", n."id", n."client_id", n."jms_number", n."invoice_number",
           jsonb_build_object('amount', n."amount"::text, 'currencyCode', n."currency_code", 'paidAt', n."paid_at") AS "data",
           coalesce(n."paid_at", n."updated_at") AS "occurred_at", 1 AS "ord"
    FROM "new_invoices" n
    JOIN "old_invoices" o ON o."id" = n."id"
    WHERE n."is_paid" AND NOT o."is_paid" AND n."voided_at" IS NULL AND n."amount_credited" = o."amount_credited"
    UNION ALL
    SELECT 'invoice.voided', n."job_id", n."id", n."client_id", n."jms_number", n."invoice_number",
           jsonb_build_object('amount', n."amount"::text, 'currencyCode', n."currency_code", 'voidedAt', n."voided_at", 'reason', n."void_reason"),
           n."voided_at", 0
    FROM "new_invoices" n
    JOIN "old_invoices" o ON o."id" = n."id"
    WHERE n."voided_at" IS NOT NULL AND o."voided_at" IS NULL
  ) e
  ORDER BY e."id", e."ord";
  IF FOUND THEN PERFORM "integration_mark_transaction"(); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "integration_credit_notes_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "integration_events" ("kind", "job_id", "invoice_id", "client_id", "jms_number", "invoice_number", "data", "occurred_at")
  SELECT 'credit_note.issued', i."job_id", i."id", n."client_id", i."jms_number", i."invoice_number",
         jsonb_build_object('creditNoteNumber', n."credit_note_number", 'amount', n."amount"::text, 'gst', n."gst"::text,
                            'currencyCode', n."currency_code", 'issueDate', n."issue_date", 'reason', n."reason",
                            'invoiceAmount', i."amount"::text, 'amountCredited', i."amount_credited"::text),
         n."created_at"
  FROM "new_credit_notes" n
  JOIN "invoices" i ON i."id" = n."invoice_id"
  ORDER BY n."id";
  IF FOUND THEN PERFORM "integration_mark_transaction"(); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "credit_notes_integration_insert" AFTER INSERT ON "credit_notes" REFERENCING NEW TABLE AS "new_credit_notes" FOR EACH STATEMENT EXECUTE FUNCTION "integration_credit_notes_inserted"();
--> statement-breakpoint
-- A void invoice has nothing left to pay. (No event: invoice.paid is told only of invoices that are not void.)
UPDATE "invoices" SET "is_paid" = true WHERE "voided_at" IS NOT NULL AND NOT "is_paid";
--> statement-breakpoint
LOCK TABLE "invoices" IN SHARE MODE;
--> statement-breakpoint
DELETE FROM "invoice_unpaid_counts";
--> statement-breakpoint
INSERT INTO "invoice_unpaid_counts" ("client_id", "currency_code", "due_date", "n", "cents")
SELECT "client_id", "currency_code", coalesce("due_date", 'infinity'), count(*)::int, sum(round(("amount" - "amount_paid" - "amount_credited") * 100))::bigint FROM "invoices" WHERE NOT "is_paid" GROUP BY 1, 2, 3;
