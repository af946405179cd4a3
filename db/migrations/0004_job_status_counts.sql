CREATE TABLE "job_status_counts" (
	"client_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_status_counts_client_id_status_pk" PRIMARY KEY("client_id","status")
);
--> statement-breakpoint
ALTER TABLE "job_status_counts" ADD CONSTRAINT "job_status_counts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_status_counts" ADD CONSTRAINT "job_status_counts_status_job_statuses_id_fk" FOREIGN KEY ("status") REFERENCES "public"."job_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Jobs per client and status, kept exact in the same transaction as every change to jobs (docs/decisions/008-job-list-counting.md).
-- Statement-level triggers with transition tables: one grouped upsert per statement, so a bulk load of 50,000
-- jobs costs one upsert per (client, status), not one per row. Rows are upserted in key order, so two
-- single-statement changes touching the same counters lock them in the same order (no deadlock between them).
-- Negative deltas go through the same upsert (no CHECK on n: PostgreSQL checks the proposed row before it
-- finds the conflict); the test lib/jobs/counts.db.test.ts proves n equals count(*).
CREATE FUNCTION "job_status_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "job_status_counts" AS c ("client_id", "status", "n")
  SELECT "client_id", "status", count(*)::int FROM "new_jobs" GROUP BY "client_id", "status" ORDER BY "client_id", "status"
  ON CONFLICT ("client_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "job_status_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Old rows out, new rows in, by (client, status): a change of anything else nets to zero and writes nothing.
  INSERT INTO "job_status_counts" AS c ("client_id", "status", "n")
  SELECT "client_id", "status", sum("d")::int FROM (
    SELECT "client_id", "status", -count(*) AS "d" FROM "old_jobs" GROUP BY "client_id", "status"
    UNION ALL
    SELECT "client_id", "status", count(*) AS "d" FROM "new_jobs" GROUP BY "client_id", "status"
  ) AS delta
  GROUP BY "client_id", "status" HAVING sum("d") <> 0 ORDER BY "client_id", "status"
  ON CONFLICT ("client_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "job_status_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "job_status_counts" AS c ("client_id", "status", "n")
  SELECT "client_id", "status", -count(*)::int FROM "old_jobs" GROUP BY "client_id", "status" ORDER BY "client_id", "status"
  ON CONFLICT ("client_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "job_status_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "job_status_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The triggers first: creating them locks jobs against writes until this migration commits, so the counts
-- taken below cannot miss a job inserted meanwhile.
CREATE TRIGGER "jobs_status_counts_insert" AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS "new_jobs" FOR EACH STATEMENT EXECUTE FUNCTION "job_status_counts_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "jobs_status_counts_update" AFTER UPDATE ON "jobs" REFERENCING OLD TABLE AS "old_jobs" NEW TABLE AS "new_jobs" FOR EACH STATEMENT EXECUTE FUNCTION "job_status_counts_after_update"();
--> statement-breakpoint
CREATE TRIGGER "jobs_status_counts_delete" AFTER DELETE ON "jobs" REFERENCING OLD TABLE AS "old_jobs" FOR EACH STATEMENT EXECUTE FUNCTION "job_status_counts_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "jobs_status_counts_truncate" AFTER TRUNCATE ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION "job_status_counts_after_truncate"();
--> statement-breakpoint
INSERT INTO "job_status_counts" ("client_id", "status", "n")
SELECT "client_id", "status", count(*)::int FROM "jobs" GROUP BY "client_id", "status";
