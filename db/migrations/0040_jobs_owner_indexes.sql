-- A user's own jobs ("Only my jobs" on the job list, a clerk's home tiles): those they ordered, or that name them
-- as contact by their e-mail address (lib/jobs/list-sql.ts `ownJobOf`). One index for each side of that rule, on the
-- client's jobs, so a user's own jobs are counted without reading the firm's. The creator side holds what the
-- strip's and the list's counts ask of a job (status, due and delivery times, and the id for the delivered-with-files
-- and without-feedback checks), so its counts are index-only walks; the contact side gives the ids of the jobs that
-- name the user but someone else ordered.
CREATE INDEX IF NOT EXISTS "jobs_client_creator_idx" ON "jobs" USING btree ("client_id", "created_by_id", "status", "due_at", "delivered_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_client_email_idx" ON "jobs" USING btree ("client_id", lower("email"), "created_by_id", "id");
