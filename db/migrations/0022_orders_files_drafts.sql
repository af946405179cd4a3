-- Issue 29: orders as firms make them. Direct-to-bucket upload intents (a presigned PUT waiting for its server-side
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
