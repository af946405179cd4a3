-- Each job is billed at most once (item 2): a job may be on one live invoice only, and the database holds
-- that under concurrency with a unique partial index. `live` is true while the invoice still bills the job; an
-- invoice that is voided or fully credited sets its links' `live` to false, which frees the job for a new invoice.
ALTER TABLE "invoice_jobs" ADD COLUMN "live" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Invoices linked to their job only through invoices.job_id (older data) get their invoice_jobs row, so the rule
-- and the "Invoiced" label see them too.
INSERT INTO "invoice_jobs" ("invoice_id", "job_id")
SELECT i."id", i."job_id" FROM "invoices" i
WHERE i."job_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "invoice_jobs" x WHERE x."invoice_id" = i."id" AND x."job_id" = i."job_id");--> statement-breakpoint
-- A job already on several invoices stays billed by the earliest of them; the later ones keep their rows (the slip
-- by job number still lists them) but no longer hold the job.
UPDATE "invoice_jobs" ij SET "live" = false
WHERE EXISTS (SELECT 1 FROM "invoice_jobs" e WHERE e."job_id" = ij."job_id" AND e."invoice_id" < ij."invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_jobs_live_job_uq" ON "invoice_jobs" USING btree ("job_id") WHERE "invoice_jobs"."live";
