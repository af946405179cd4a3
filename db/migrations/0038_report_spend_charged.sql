-- The /Reports spend is what the firm was charged: a void invoice (voided_at set) adds nothing, and an invoice's
-- spend is its amount less what adjustment notes credited (amount_credited). Each invoice still counts once in n,
-- void or not, because every bar links to the invoice list, which lists void invoices too, and the list's total must
-- equal the count shown. The counter functions of migration 0025 are replaced (an invoice's update now also counts
-- when its void or its credited amount changes what it adds) and both spend counters are rebuilt from the rows.
-- lib/reports/direct.ts holds the same formula over the rows; lib/reports/counters.db.test.ts compares the two.
CREATE FUNCTION "invoice_spend_cents"("amount" numeric, "amount_credited" numeric, "voided_at" timestamp with time zone)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "voided_at" IS NULL THEN round(("amount" - "amount_credited") * 100)::bigint ELSE 0::bigint END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_created_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "job_created_counts" AS c ("client_id", "day", "n")
    SELECT "client_id", ("created_at" AT TIME ZONE 'UTC')::date, count(*)::int FROM "new_jobs" GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("client_id", "day") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "job_created_counts" AS c ("client_id", "day", "n")
    SELECT "client_id", ("created_at" AT TIME ZONE 'UTC')::date, -count(*)::int FROM "old_jobs" GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("client_id", "day") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSE
    INSERT INTO "job_created_counts" AS c ("client_id", "day", "n")
    SELECT "client_id", "day", sum("d")::int FROM (
      SELECT o."client_id", (o."created_at" AT TIME ZONE 'UTC')::date AS "day", -1 AS "d" FROM "old_jobs" o JOIN "new_jobs" n ON n."id" = o."id"
      WHERE n."client_id" <> o."client_id" OR n."created_at" <> o."created_at"
      UNION ALL
      SELECT n."client_id", (n."created_at" AT TIME ZONE 'UTC')::date, 1 FROM "old_jobs" o JOIN "new_jobs" n ON n."id" = o."id"
      WHERE n."client_id" <> o."client_id" OR n."created_at" <> o."created_at"
    ) AS delta
    GROUP BY 1, 2 HAVING sum("d") <> 0 ORDER BY 1, 2
    ON CONFLICT ("client_id", "day") DO UPDATE SET "n" = c."n" + excluded."n";
    -- The job rows are locked by this update, so an invoice written meanwhile (invoice_spend_add locks its job
    -- first) is either committed and seen here, or counts after this commits, with the new type.
    IF EXISTS (SELECT 1 FROM "old_jobs" o JOIN "new_jobs" n ON n."id" = o."id" WHERE n."order_type" IS DISTINCT FROM o."order_type") THEN
      INSERT INTO "invoice_spend_counts" AS c ("client_id", "month", "order_type", "n", "cents")
      SELECT "client_id", "month", "order_type", sum("n")::int, sum("cents")::bigint FROM (
        SELECT i."client_id", date_trunc('month', i."issue_date")::date AS "month", o."order_type", -count(*) AS "n",
               -sum("invoice_spend_cents"(i."amount", i."amount_credited", i."voided_at")) AS "cents"
        FROM "old_jobs" o JOIN "new_jobs" n ON n."id" = o."id" JOIN "invoices" i ON i."job_id" = o."id"
        WHERE n."order_type" IS DISTINCT FROM o."order_type" GROUP BY 1, 2, 3
        UNION ALL
        SELECT i."client_id", date_trunc('month', i."issue_date")::date, n."order_type", count(*),
               sum("invoice_spend_cents"(i."amount", i."amount_credited", i."voided_at"))
        FROM "old_jobs" o JOIN "new_jobs" n ON n."id" = o."id" JOIN "invoices" i ON i."job_id" = n."id"
        WHERE n."order_type" IS DISTINCT FROM o."order_type" GROUP BY 1, 2, 3
      ) AS delta
      GROUP BY 1, 2, 3 HAVING sum("n") <> 0 OR sum("cents") <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("client_id", "month", "order_type") DO UPDATE SET "n" = c."n" + excluded."n", "cents" = c."cents" + excluded."cents";
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Invoices: an update counts only rows whose client, issue date, matter, job or spend (amount, amount credited,
-- void) changed: the old row out, the new one in.
CREATE OR REPLACE FUNCTION "invoice_spend_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "invoice_spend_add"(ARRAY(
      SELECT ROW("client_id", "issue_date", "job_id", "matter_reference", 1, "invoice_spend_cents"("amount", "amount_credited", "voided_at"))::"invoice_spend_delta"
      FROM "new_invoices"
    ));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "invoice_spend_add"(ARRAY(
      SELECT ROW("client_id", "issue_date", "job_id", "matter_reference", -1, -"invoice_spend_cents"("amount", "amount_credited", "voided_at"))::"invoice_spend_delta"
      FROM "old_invoices"
    ));
  ELSE
    PERFORM "invoice_spend_add"(ARRAY(
      SELECT ROW(o."client_id", o."issue_date", o."job_id", o."matter_reference", -1, -"invoice_spend_cents"(o."amount", o."amount_credited", o."voided_at"))::"invoice_spend_delta"
      FROM "old_invoices" o JOIN "new_invoices" n ON n."id" = o."id"
      WHERE (n."client_id", n."issue_date", n."matter_reference", n."job_id", "invoice_spend_cents"(n."amount", n."amount_credited", n."voided_at"))
            IS DISTINCT FROM (o."client_id", o."issue_date", o."matter_reference", o."job_id", "invoice_spend_cents"(o."amount", o."amount_credited", o."voided_at"))
      UNION ALL
      SELECT ROW(n."client_id", n."issue_date", n."job_id", n."matter_reference", 1, "invoice_spend_cents"(n."amount", n."amount_credited", n."voided_at"))::"invoice_spend_delta"
      FROM "old_invoices" o JOIN "new_invoices" n ON n."id" = o."id"
      WHERE (n."client_id", n."issue_date", n."matter_reference", n."job_id", "invoice_spend_cents"(n."amount", n."amount_credited", n."voided_at"))
            IS DISTINCT FROM (o."client_id", o."issue_date", o."matter_reference", o."job_id", "invoice_spend_cents"(o."amount", o."amount_credited", o."voided_at"))
    ));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The counters are rebuilt while no job or invoice can be written, so no write is counted twice or missed.
LOCK TABLE "invoices", "jobs" IN SHARE MODE;
--> statement-breakpoint
DELETE FROM "invoice_spend_counts";
--> statement-breakpoint
DELETE FROM "invoice_matter_spend_counts";
--> statement-breakpoint
INSERT INTO "invoice_spend_counts" ("client_id", "month", "order_type", "n", "cents")
SELECT i."client_id", date_trunc('month', i."issue_date")::date, coalesce(j."order_type", 0), count(*)::int,
       sum("invoice_spend_cents"(i."amount", i."amount_credited", i."voided_at"))::bigint
FROM "invoices" i LEFT JOIN "jobs" j ON j."id" = i."job_id" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "invoice_matter_spend_counts" ("client_id", "month", "matter_reference", "n", "cents")
SELECT "client_id", date_trunc('month', "issue_date")::date, "matter_reference", count(*)::int,
       sum("invoice_spend_cents"("amount", "amount_credited", "voided_at"))::bigint
FROM "invoices" GROUP BY 1, 2, 3;
