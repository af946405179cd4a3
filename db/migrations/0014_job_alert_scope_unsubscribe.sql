-- Job alerts about one's own jobs: a user's alerts cover the jobs they ordered or are the contact of
-- ('mine', the default) unless they choose the firm's ('firm', for administrators and the mail room). The
-- "invoice issued" alert is a choice of its own (on for new users, who get it from createUser; existing users
-- keep what they had, which was no such e-mail). An outbox row keeps the headers its SMTP message carries
-- (List-Unsubscribe and List-Unsubscribe-Post of the alert e-mails, RFC 8058).
ALTER TABLE "users" ADD COLUMN "job_alert_scope" text DEFAULT 'mine' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_job_alert_scope_ck" CHECK ("users"."job_alert_scope" in ('mine', 'firm'));--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invoice_alert" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;
