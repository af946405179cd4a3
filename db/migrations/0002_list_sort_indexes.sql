DROP INDEX "job_feedback_job_idx";--> statement-breakpoint
DROP INDEX "jobs_client_jms_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "job_feedback_job_uq" ON "job_feedback" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "jobs_client_jms_num_idx" ON "jobs" USING btree ("client_id",char_length("jms_number"),"jms_number","id");--> statement-breakpoint
CREATE INDEX "jobs_client_delivered_desc_idx" ON "jobs" USING btree ("client_id","delivered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_client_status_rank_idx" ON "jobs" USING btree ("client_id",array_position('{15,12,6,9,1,2,7,4,14,8,3,13,10}'::smallint[], "status"),"id");