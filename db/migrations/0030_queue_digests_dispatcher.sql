-- The job alert digests and the webhook dispatcher run as tasks of the one queue (lib/core/queue.ts): their rows get
-- the queue's bookkeeping (status, attempts, lease). A digest is due at its due_at; the dispatcher's one row is
-- always due (the epoch) but after the backoff of a failed run.
ALTER TABLE "job_alert_digests" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_alert_digests" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_alert_digests" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_dispatch_state" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_dispatch_state" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_dispatch_state" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT '1970-01-01 00:00:00+00' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_dispatch_state" ADD COLUMN "locked_until" timestamp with time zone;
