CREATE TABLE "job_alert_digest_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"status_id" smallint NOT NULL,
	"comment" text,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_alert_digests" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"changed_by_id" integer,
	"changed_by_name" text NOT NULL,
	"comment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_history" ADD COLUMN "is_internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_history" ADD COLUMN "created_by_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "status_last_modified_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "job_alert_mode" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_alert_digest_items" ADD CONSTRAINT "job_alert_digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_digest_items" ADD CONSTRAINT "job_alert_digest_items_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_digest_items" ADD CONSTRAINT "job_alert_digest_items_status_id_job_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."job_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_digests" ADD CONSTRAINT "job_alert_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_status_changes" ADD CONSTRAINT "job_status_changes_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_status_changes" ADD CONSTRAINT "job_status_changes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_status_changes" ADD CONSTRAINT "job_status_changes_from_status_job_statuses_id_fk" FOREIGN KEY ("from_status") REFERENCES "public"."job_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_status_changes" ADD CONSTRAINT "job_status_changes_to_status_job_statuses_id_fk" FOREIGN KEY ("to_status") REFERENCES "public"."job_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_status_changes" ADD CONSTRAINT "job_status_changes_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_status_changes" ADD CONSTRAINT "job_status_changes_comment_id_comment_history_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comment_history"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_alert_digest_items_user_idx" ON "job_alert_digest_items" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "job_alert_digests_due_idx" ON "job_alert_digests" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "job_status_changes_job_idx" ON "job_status_changes" USING btree ("job_id","created_at");--> statement-breakpoint
ALTER TABLE "comment_history" ADD CONSTRAINT "comment_history_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("due_at","id");--> statement-breakpoint
CREATE INDEX "jobs_jms_num_idx" ON "jobs" USING btree (char_length("jms_number"),"jms_number","id");--> statement-breakpoint
CREATE INDEX "jobs_status_rank_idx" ON "jobs" USING btree (array_position('{15,12,6,9,1,2,7,4,14,8,3,13,10}'::smallint[], "status"),"id");--> statement-breakpoint
CREATE INDEX "jobs_status_created_idx" ON "jobs" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_job_alert_mode_ck" CHECK ("users"."job_alert_mode" in ('instant', 'digest'));