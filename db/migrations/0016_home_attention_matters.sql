-- The clerk's home: the "what needs me" strip above /JobClient and the /Matter page.
--
-- Open jobs of a client by due time: the strip's "due within 24 hours" and "overdue" counts and the list filters
-- behind them walk only the client's open jobs (the WHERE is OPEN_JOB in lib/jobs/list-sql.ts, written the same).
CREATE INDEX "jobs_client_open_due_idx" ON "jobs" USING btree ("client_id", "due_at", "id") WHERE "status" not in (8, 10) and "delivered_at" is null;
--> statement-breakpoint
-- Unpaid invoices of a client by due date: the /Invoice list behind the strip's unpaid and overdue links.
CREATE INDEX "invoices_client_unpaid_idx" ON "invoices" USING btree ("client_id", "due_date", "id") WHERE NOT "is_paid";
--> statement-breakpoint
-- A matter's invoices (the /Matter page: exact reference within the client).
CREATE INDEX "invoices_client_matter_idx" ON "invoices" USING btree ("client_id", "matter_reference", "id");
--> statement-breakpoint
-- The search box finds jobs by party name too: the "x vs y" matter name of a court copy or appeal book.
CREATE INDEX "jobs_party_trgm_idx" ON "jobs" USING gin (("instruction_block" ->> 'MatterName') gin_trgm_ops);
--> statement-breakpoint
-- Delivered jobs (status 8) per client with files to download (kind 1) and without feedback (kind 2), kept exact in
-- the same transaction as every change to jobs, deliverables and feedback, as job_status_counts is for statuses
-- (docs/decisions/008-job-list-counting.md). lib/jobs/attention.db.test.ts proves n equals count(*).
CREATE TABLE "job_attention_counts" (
	"client_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_attention_counts_client_id_kind_pk" PRIMARY KEY("client_id","kind")
);
--> statement-breakpoint
ALTER TABLE "job_attention_counts" ADD CONSTRAINT "job_attention_counts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The kinds a delivered job counts in now (its deliverables and feedback as they are).
CREATE FUNCTION "job_attention_kinds"("p_job" integer) RETURNS SETOF smallint LANGUAGE sql STABLE AS $$
  SELECT 1::smallint WHERE EXISTS (SELECT 1 FROM "documents" x WHERE x."job_id" = "p_job" AND x."kind" = 'deliverable' AND x."deleted_at" IS NULL)
  UNION ALL
  SELECT 2::smallint WHERE NOT EXISTS (SELECT 1 FROM "job_feedback" f WHERE f."job_id" = "p_job")
$$;
--> statement-breakpoint
-- Jobs: statement-level triggers, one grouped upsert per statement, counter rows in key order. Only rows that enter
-- or leave Delivered (or move between clients) count; a change of anything else writes nothing.
CREATE FUNCTION "job_attention_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "job_attention_counts" AS c ("client_id", "kind", "n")
  SELECT j."client_id", k, count(*)::int FROM "new_jobs" j CROSS JOIN LATERAL "job_attention_kinds"(j."id") k
  WHERE j."status" = 8 GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("client_id", "kind") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "job_attention_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "job_attention_counts" AS c ("client_id", "kind", "n")
  SELECT "client_id", k, sum("d")::int FROM (
    SELECT o."client_id", o."id", -1 AS "d" FROM "old_jobs" o JOIN "new_jobs" n ON n."id" = o."id"
    WHERE o."status" = 8 AND (n."status" <> 8 OR n."client_id" <> o."client_id")
    UNION ALL
    SELECT n."client_id", n."id", 1 FROM "old_jobs" o JOIN "new_jobs" n ON n."id" = o."id"
    WHERE n."status" = 8 AND (o."status" <> 8 OR n."client_id" <> o."client_id")
  ) r CROSS JOIN LATERAL "job_attention_kinds"(r."id") k
  GROUP BY 1, 2 HAVING sum("d") <> 0 ORDER BY 1, 2
  ON CONFLICT ("client_id", "kind") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "job_attention_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "job_attention_counts" AS c ("client_id", "kind", "n")
  SELECT j."client_id", k, -count(*)::int FROM "old_jobs" j CROSS JOIN LATERAL "job_attention_kinds"(j."id") k
  WHERE j."status" = 8 GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("client_id", "kind") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "job_attention_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "job_attention_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Adds `p_delta` to a delivered job's counter `p_kind`. The job row is locked first, so two changes to the same
-- job's files or feedback (two deliverables attached at once) count one after the other: the second sees the first.
CREATE FUNCTION "job_attention_bump"("p_job" integer, "p_kind" smallint, "p_delta" integer, "p_other_file" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  j record;
BEGIN
  SELECT "client_id", "status" INTO j FROM "jobs" WHERE "id" = "p_job" FOR NO KEY UPDATE;
  IF NOT FOUND OR j."status" <> 8 THEN RETURN; END IF;
  -- Files: the job counts once however many deliverables it has; only the first in and the last out change it.
  IF "p_kind" = 1 AND EXISTS (SELECT 1 FROM "documents" x WHERE x."job_id" = "p_job" AND x."id" <> "p_other_file" AND x."kind" = 'deliverable' AND x."deleted_at" IS NULL) THEN
    RETURN;
  END IF;
  INSERT INTO "job_attention_counts" AS c ("client_id", "kind", "n") VALUES (j."client_id", "p_kind", "p_delta")
  ON CONFLICT ("client_id", "kind") DO UPDATE SET "n" = c."n" + excluded."n";
END $$;
--> statement-breakpoint
-- Deliverables: a live deliverable (kind 'deliverable', not deleted) attached to a job, before and after the change.
CREATE FUNCTION "job_attention_after_documents"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_live boolean := false;
  is_live boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    was_live := OLD."job_id" IS NOT NULL AND OLD."kind" = 'deliverable' AND OLD."deleted_at" IS NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    is_live := NEW."job_id" IS NOT NULL AND NEW."kind" = 'deliverable' AND NEW."deleted_at" IS NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND was_live AND is_live AND OLD."job_id" = NEW."job_id" THEN
    RETURN NULL;
  END IF;
  IF was_live THEN
    PERFORM "job_attention_bump"(OLD."job_id", 1::smallint, -1, OLD."id");
  END IF;
  IF is_live THEN
    PERFORM "job_attention_bump"(NEW."job_id", 1::smallint, 1, NEW."id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Feedback: one per job (job_feedback_job_uq), so a row in or out is the job leaving or entering "without feedback".
CREATE FUNCTION "job_attention_after_feedback"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "job_attention_bump"(NEW."job_id", 2::smallint, -1, 0);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "job_attention_bump"(OLD."job_id", 2::smallint, 1, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Unpaid invoices per client, currency and due date (no due date: 'infinity', never overdue): how many and their
-- amount in whole cents, kept by statement-level triggers on invoices in the writing transaction. The strip's unpaid
-- count, total and overdue count (due before today) sum a client's few rows here instead of reading its invoices.
CREATE TABLE "invoice_unpaid_counts" (
	"client_id" integer NOT NULL,
	"currency_code" char(3) NOT NULL,
	"due_date" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_unpaid_counts_pk" PRIMARY KEY("client_id","currency_code","due_date")
);
--> statement-breakpoint
ALTER TABLE "invoice_unpaid_counts" ADD CONSTRAINT "invoice_unpaid_counts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION "invoice_unpaid_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "invoice_unpaid_counts" AS c ("client_id", "currency_code", "due_date", "n", "cents")
    SELECT "client_id", "currency_code", coalesce("due_date", 'infinity'), count(*)::int, sum(round("amount" * 100))::bigint
    FROM "new_invoices" WHERE NOT "is_paid" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("client_id", "currency_code", "due_date") DO UPDATE SET "n" = c."n" + excluded."n", "cents" = c."cents" + excluded."cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "invoice_unpaid_counts" AS c ("client_id", "currency_code", "due_date", "n", "cents")
    SELECT "client_id", "currency_code", coalesce("due_date", 'infinity'), -count(*)::int, -sum(round("amount" * 100))::bigint
    FROM "old_invoices" WHERE NOT "is_paid" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("client_id", "currency_code", "due_date") DO UPDATE SET "n" = c."n" + excluded."n", "cents" = c."cents" + excluded."cents";
  ELSE
    INSERT INTO "invoice_unpaid_counts" AS c ("client_id", "currency_code", "due_date", "n", "cents")
    SELECT "client_id", "currency_code", "due_date", sum("d")::int, sum("cents")::bigint FROM (
      SELECT "client_id", "currency_code", coalesce("due_date", 'infinity') AS "due_date", -1 AS "d", -round("amount" * 100) AS "cents" FROM "old_invoices" WHERE NOT "is_paid"
      UNION ALL
      SELECT "client_id", "currency_code", coalesce("due_date", 'infinity'), 1, round("amount" * 100) FROM "new_invoices" WHERE NOT "is_paid"
    ) AS delta
    GROUP BY 1, 2, 3 HAVING sum("d") <> 0 OR sum("cents") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("client_id", "currency_code", "due_date") DO UPDATE SET "n" = c."n" + excluded."n", "cents" = c."cents" + excluded."cents";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "invoice_unpaid_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "invoice_unpaid_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoices_unpaid_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS "new_invoices" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_unpaid_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_unpaid_update" AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS "old_invoices" NEW TABLE AS "new_invoices" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_unpaid_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_unpaid_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS "old_invoices" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_unpaid_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_unpaid_truncate" AFTER TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_unpaid_after_truncate"();
--> statement-breakpoint
INSERT INTO "invoice_unpaid_counts" ("client_id", "currency_code", "due_date", "n", "cents")
SELECT "client_id", "currency_code", coalesce("due_date", 'infinity'), count(*)::int, sum(round("amount" * 100))::bigint FROM "invoices" WHERE NOT "is_paid" GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The triggers first: creating them locks the tables against writes until this migration commits, so the counts
-- taken below cannot miss a row written meanwhile.
CREATE TRIGGER "jobs_attention_insert" AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS "new_jobs" FOR EACH STATEMENT EXECUTE FUNCTION "job_attention_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "jobs_attention_update" AFTER UPDATE ON "jobs" REFERENCING OLD TABLE AS "old_jobs" NEW TABLE AS "new_jobs" FOR EACH STATEMENT EXECUTE FUNCTION "job_attention_after_update"();
--> statement-breakpoint
CREATE TRIGGER "jobs_attention_delete" AFTER DELETE ON "jobs" REFERENCING OLD TABLE AS "old_jobs" FOR EACH STATEMENT EXECUTE FUNCTION "job_attention_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "jobs_attention_truncate" AFTER TRUNCATE ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION "job_attention_after_truncate"();
--> statement-breakpoint
CREATE TRIGGER "documents_attention" AFTER INSERT OR UPDATE OF "job_id", "kind", "deleted_at" OR DELETE ON "documents" FOR EACH ROW EXECUTE FUNCTION "job_attention_after_documents"();
--> statement-breakpoint
CREATE TRIGGER "job_feedback_attention" AFTER INSERT OR DELETE ON "job_feedback" FOR EACH ROW EXECUTE FUNCTION "job_attention_after_feedback"();
--> statement-breakpoint
INSERT INTO "job_attention_counts" ("client_id", "kind", "n")
SELECT j."client_id", k, count(*)::int FROM "jobs" j CROSS JOIN LATERAL "job_attention_kinds"(j."id") k WHERE j."status" = 8 GROUP BY 1, 2;
