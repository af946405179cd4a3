-- The conversation on a job: staff may write an internal note in the thread (never shown to the firm),
-- and staff attach files to their messages. A file a staff member uploads for a message is held back from the
-- firm (staff_only) until a message to the firm carries it; an internal note's files stay held back for good.
ALTER TABLE "job_messages" ADD COLUMN "internal" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "job_messages" ADD CONSTRAINT "job_messages_internal_ck" CHECK (NOT "internal" OR "side" = 'staff');
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "staff_only" boolean DEFAULT false NOT NULL;
