-- Orders as firms make them. Direct-to-bucket upload intents (a presigned PUT waiting for its server-side
-- check) and the one server-side draft per user of an order in progress.
CREATE TABLE "upload_intents" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text DEFAULT 'application/octet-stream' NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "upload_intents_storage_key_uq" ON "upload_intents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "upload_intents_client_idx" ON "upload_intents" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "upload_intents_expires_idx" ON "upload_intents" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "job_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"values" jsonb NOT NULL,
	"document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "job_drafts_user_uq" ON "job_drafts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "job_drafts_updated_idx" ON "job_drafts" USING btree ("updated_at");
--> statement-breakpoint
CREATE TABLE "job_change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL REFERENCES "jobs"("id"),
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"values" jsonb,
	"document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_id" integer NOT NULL REFERENCES "users"("id"),
	"requested_by_name" text NOT NULL,
	"decided_by_id" integer REFERENCES "users"("id"),
	"decided_by_name" text,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "job_change_requests_kind_ck" CHECK ("kind" in ('cancel', 'amend')),
	CONSTRAINT "job_change_requests_status_ck" CHECK ("status" in ('pending', 'accepted', 'declined'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "job_change_requests_pending_uq" ON "job_change_requests" USING btree ("job_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "job_change_requests_client_idx" ON "job_change_requests" USING btree ("client_id", "created_at");
--> statement-breakpoint
CREATE TABLE "job_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL REFERENCES "jobs"("id"),
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"side" text NOT NULL,
	"author_id" integer NOT NULL REFERENCES "users"("id"),
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_messages_side_ck" CHECK ("side" in ('client', 'staff'))
);--> statement-breakpoint
CREATE INDEX "job_messages_job_idx" ON "job_messages" USING btree ("job_id", "created_at");
