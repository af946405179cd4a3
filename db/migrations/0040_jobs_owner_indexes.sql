-- A user's own jobs ("Only my jobs" on the job list, a clerk's home tiles): those they ordered, or that name them
-- as contact by their e-mail address (lib/jobs/list-sql.ts `ownJobOf`). One index for each side of that rule, on
-- the client's jobs, so a user's own jobs are found without reading the firm's: the list and its counts combine
-- the two (a bitmap OR) and read only those rows.
CREATE INDEX IF NOT EXISTS "jobs_client_creator_idx" ON "jobs" USING btree ("client_id", "created_by_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_client_email_idx" ON "jobs" USING btree ("client_id", lower("email"), "created_at" DESC, "id" DESC);
