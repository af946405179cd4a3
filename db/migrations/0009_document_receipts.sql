ALTER TABLE "documents" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "kind" text DEFAULT 'source' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "integrity_failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "documents_unattached_idx" ON "documents" USING btree ("created_at") WHERE job_id is null and deleted_at is null;