-- The /Reports charts (item 5) read counters kept in the same transaction as every change to jobs and
-- invoices, instead of aggregating a firm's 12 months of rows on each request (docs/decisions/034-report-counters.md).
-- lib/reports/counters.db.test.ts proves each chart equals the direct aggregate over the rows.
--
-- Jobs ordered per UTC day. A chart month is a month in the viewer's time zone: the days wholly inside it come from
-- here, and the one UTC day holding each month boundary (when the zone is not UTC) is counted from the jobs.
CREATE TABLE "job_created_counts" (
	"client_id" integer NOT NULL,
	"day" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_created_counts_pk" PRIMARY KEY("client_id","day")
);
--> statement-breakpoint
ALTER TABLE "job_created_counts" ADD CONSTRAINT "job_created_counts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Spend per client, issue month and order type of the invoice's job (invoices.job_id; 0: not linked to a job): how
-- many invoices and their amount in whole cents. Spend by month sums a month's types.
CREATE TABLE "invoice_spend_counts" (
	"client_id" integer NOT NULL,
	"month" date NOT NULL,
	"order_type" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_spend_counts_pk" PRIMARY KEY("client_id","month","order_type")
);
--> statement-breakpoint
ALTER TABLE "invoice_spend_counts" ADD CONSTRAINT "invoice_spend_counts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Spend per client, issue month and matter reference.
CREATE TABLE "invoice_matter_spend_counts" (
	"client_id" integer NOT NULL,
	"month" date NOT NULL,
	"matter_reference" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_matter_spend_counts_pk" PRIMARY KEY("client_id","month","matter_reference")
);
--> statement-breakpoint
ALTER TABLE "invoice_matter_spend_counts" ADD CONSTRAINT "invoice_matter_spend_counts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- A job's invoices (invoices.job_id): a change of the job's order type moves their spend between types.
CREATE INDEX "invoices_job_idx" ON "invoices" USING btree ("job_id") WHERE "job_id" IS NOT NULL;
--> statement-breakpoint
-- Jobs: one grouped upsert per statement, counter rows in key order. An update writes only for rows whose client or
-- creation time changed, and moves the spend of the invoices of jobs whose order type changed.
CREATE FUNCTION "job_created_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
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
        SELECT i."client_id", date_trunc('month', i."issue_date")::date AS "month", o."order_type", -count(*) AS "n", -sum(round(i."amount" * 100)) AS "cents"
        FROM "old_jobs" o JOIN "new_jobs" n ON n."id" = o."id" JOIN "invoices" i ON i."job_id" = o."id"
        WHERE n."order_type" IS DISTINCT FROM o."order_type" GROUP BY 1, 2, 3
        UNION ALL
        SELECT i."client_id", date_trunc('month', i."issue_date")::date, n."order_type", count(*), sum(round(i."amount" * 100))
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
CREATE FUNCTION "job_created_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "job_created_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One change to the spend counters: invoices in (n 1, their cents) or out (n -1, less their cents).
CREATE TYPE "invoice_spend_delta" AS ("client_id" integer, "issue_date" date, "job_id" integer, "matter_reference" text, "n" integer, "cents" bigint);
--> statement-breakpoint
-- Adds a statement's changes to both spend counters. The invoices' jobs are locked first (FOR SHARE, in id order),
-- so a concurrent change of a job's order type waits for this transaction, or this one reads the type it set.
CREATE FUNCTION "invoice_spend_add"("p" "invoice_spend_delta"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality("p"), 0) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM "jobs" j WHERE j."id" IN (SELECT d."job_id" FROM unnest("p") d) ORDER BY j."id" FOR SHARE;
  INSERT INTO "invoice_spend_counts" AS c ("client_id", "month", "order_type", "n", "cents")
  SELECT d."client_id", date_trunc('month', d."issue_date")::date, coalesce(j."order_type", 0), sum(d."n")::int, sum(d."cents")::bigint
  FROM unnest("p") d LEFT JOIN "jobs" j ON j."id" = d."job_id"
  GROUP BY 1, 2, 3 HAVING sum(d."n") <> 0 OR sum(d."cents") <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("client_id", "month", "order_type") DO UPDATE SET "n" = c."n" + excluded."n", "cents" = c."cents" + excluded."cents";
  INSERT INTO "invoice_matter_spend_counts" AS c ("client_id", "month", "matter_reference", "n", "cents")
  SELECT d."client_id", date_trunc('month', d."issue_date")::date, d."matter_reference", sum(d."n")::int, sum(d."cents")::bigint
  FROM unnest("p") d
  GROUP BY 1, 2, 3 HAVING sum(d."n") <> 0 OR sum(d."cents") <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("client_id", "month", "matter_reference") DO UPDATE SET "n" = c."n" + excluded."n", "cents" = c."cents" + excluded."cents";
END $$;
--> statement-breakpoint
-- Invoices: an update counts only rows whose client, issue date, amount, matter or job changed.
CREATE FUNCTION "invoice_spend_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "invoice_spend_add"(ARRAY(SELECT ROW("client_id", "issue_date", "job_id", "matter_reference", 1, round("amount" * 100)::bigint)::"invoice_spend_delta" FROM "new_invoices"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "invoice_spend_add"(ARRAY(SELECT ROW("client_id", "issue_date", "job_id", "matter_reference", -1, -round("amount" * 100)::bigint)::"invoice_spend_delta" FROM "old_invoices"));
  ELSE
    PERFORM "invoice_spend_add"(ARRAY(
      SELECT ROW(o."client_id", o."issue_date", o."job_id", o."matter_reference", -1, -round(o."amount" * 100)::bigint)::"invoice_spend_delta"
      FROM "old_invoices" o JOIN "new_invoices" n ON n."id" = o."id"
      WHERE (n."client_id", n."issue_date", n."amount", n."matter_reference", n."job_id") IS DISTINCT FROM (o."client_id", o."issue_date", o."amount", o."matter_reference", o."job_id")
      UNION ALL
      SELECT ROW(n."client_id", n."issue_date", n."job_id", n."matter_reference", 1, round(n."amount" * 100)::bigint)::"invoice_spend_delta"
      FROM "old_invoices" o JOIN "new_invoices" n ON n."id" = o."id"
      WHERE (n."client_id", n."issue_date", n."amount", n."matter_reference", n."job_id") IS DISTINCT FROM (o."client_id", o."issue_date", o."amount", o."matter_reference", o."job_id")
    ));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "invoice_spend_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "invoice_spend_counts";
  DELETE FROM "invoice_matter_spend_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The triggers first: creating them locks the tables against writes until this migration commits, so the counts
-- taken below cannot miss a row written meanwhile.
CREATE TRIGGER "jobs_created_insert" AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS "new_jobs" FOR EACH STATEMENT EXECUTE FUNCTION "job_created_apply"();
--> statement-breakpoint
CREATE TRIGGER "jobs_created_update" AFTER UPDATE ON "jobs" REFERENCING OLD TABLE AS "old_jobs" NEW TABLE AS "new_jobs" FOR EACH STATEMENT EXECUTE FUNCTION "job_created_apply"();
--> statement-breakpoint
CREATE TRIGGER "jobs_created_delete" AFTER DELETE ON "jobs" REFERENCING OLD TABLE AS "old_jobs" FOR EACH STATEMENT EXECUTE FUNCTION "job_created_apply"();
--> statement-breakpoint
CREATE TRIGGER "jobs_created_truncate" AFTER TRUNCATE ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION "job_created_after_truncate"();
--> statement-breakpoint
CREATE TRIGGER "invoices_spend_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS "new_invoices" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_spend_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_spend_update" AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS "old_invoices" NEW TABLE AS "new_invoices" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_spend_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_spend_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS "old_invoices" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_spend_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_spend_truncate" AFTER TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_spend_after_truncate"();
--> statement-breakpoint
INSERT INTO "job_created_counts" ("client_id", "day", "n")
SELECT "client_id", ("created_at" AT TIME ZONE 'UTC')::date, count(*)::int FROM "jobs" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "invoice_spend_counts" ("client_id", "month", "order_type", "n", "cents")
SELECT i."client_id", date_trunc('month', i."issue_date")::date, coalesce(j."order_type", 0), count(*)::int, sum(round(i."amount" * 100))::bigint
FROM "invoices" i LEFT JOIN "jobs" j ON j."id" = i."job_id" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "invoice_matter_spend_counts" ("client_id", "month", "matter_reference", "n", "cents")
SELECT "client_id", date_trunc('month', "issue_date")::date, "matter_reference", count(*)::int, sum(round("amount" * 100))::bigint FROM "invoices" GROUP BY 1, 2, 3;
