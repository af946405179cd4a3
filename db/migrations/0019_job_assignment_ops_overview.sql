-- The operator's day: a job's owner, its assignment history and the indexes of the /Ops overview.
--
-- A job can be assigned to a staff user (jobs.assigned_to_id, null: unassigned) and reassigned; every assignment
-- is a row of job_assignments (who, to whom, from whom, when), shown in the staff job's history and written to the
-- integration event log as 'job.assigned' (webhooks, the change feed) by a trigger in the same transaction, as
-- status changes are (0011). The column is left out of 'job.changed' (it has its own event).
ALTER TABLE "jobs" ADD COLUMN "assigned_to_id" integer;
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The queue's "mine" and "assigned to" filters in the default order (newest first).
CREATE INDEX "jobs_assigned_created_idx" ON "jobs" USING btree ("assigned_to_id","created_at" DESC,"id" DESC) WHERE "assigned_to_id" IS NOT NULL;
--> statement-breakpoint
-- The queue's "unassigned" filter: open jobs (OPEN_JOB in lib/jobs/list-sql.ts) nobody owns, newest first.
CREATE INDEX "jobs_unassigned_open_idx" ON "jobs" USING btree ("created_at" DESC,"id" DESC) WHERE "assigned_to_id" IS NULL AND "status" not in (8, 10) AND "delivered_at" IS NULL;
--> statement-breakpoint
-- The overview's charts: jobs delivered per day and on time per client, across clients, over a date range.
CREATE INDEX "jobs_delivered_at_idx" ON "jobs" USING btree ("delivered_at","id") WHERE "delivered_at" IS NOT NULL;
--> statement-breakpoint
-- The overview's unpaid and overdue invoices (count, total) without reading paid ones.
CREATE INDEX "invoices_unpaid_due_idx" ON "invoices" USING btree ("due_date","id") WHERE NOT "is_paid";
--> statement-breakpoint
CREATE TABLE "job_assignments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"from_user_id" integer,
	"from_name" text,
	"to_user_id" integer,
	"to_name" text,
	"changed_by_id" integer,
	"changed_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_assignments" ADD CONSTRAINT "job_assignments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "job_assignments" ADD CONSTRAINT "job_assignments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "job_assignments" ADD CONSTRAINT "job_assignments_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "job_assignments" ADD CONSTRAINT "job_assignments_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "job_assignments" ADD CONSTRAINT "job_assignments_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "job_assignments_job_idx" ON "job_assignments" USING btree ("job_id","created_at");
--> statement-breakpoint
CREATE FUNCTION "integration_job_assignments_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "integration_events" ("kind", "job_id", "client_id", "jms_number", "status", "data", "occurred_at")
  SELECT 'job.assigned', n."job_id", n."client_id", j."jms_number", j."status",
         jsonb_build_object('assignedToId', n."to_user_id", 'assignedTo', n."to_name", 'previousAssigneeId', n."from_user_id", 'previousAssignee', n."from_name", 'changedBy', n."changed_by_name"),
         n."created_at"
  FROM "new_assignments" n
  JOIN "jobs" j ON j."id" = n."job_id"
  ORDER BY n."id";
  IF FOUND THEN PERFORM "integration_mark_transaction"(); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "job_assignments_integration_insert" AFTER INSERT ON "job_assignments" REFERENCING NEW TABLE AS "new_assignments" FOR EACH STATEMENT EXECUTE FUNCTION "integration_job_assignments_inserted"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "integration_jobs_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Status changes are recorded from job_status_changes (with their comment), assignments from job_assignments;
  -- other edits are job.changed.
  INSERT INTO "integration_events" ("kind", "job_id", "client_id", "jms_number", "status", "data", "occurred_at")
  SELECT 'job.changed', n."id", n."client_id", n."jms_number", n."status", jsonb_build_object('fields', d."fields"), n."updated_at"
  FROM "new_jobs" n
  JOIN "old_jobs" o ON o."id" = n."id"
  CROSS JOIN LATERAL (
    SELECT jsonb_agg(e."key" ORDER BY e."key") AS "fields"
    FROM jsonb_each(to_jsonb(n)) e
    WHERE e."value" IS DISTINCT FROM to_jsonb(o) -> e."key"
      AND e."key" NOT IN ('updated_at', 'status', 'status_updated_at', 'status_last_modified_by_id', 'status_last_modified_by', 'delivered_at', 'last_modified_by_id', 'assigned_to_id')
  ) d
  WHERE d."fields" IS NOT NULL
  ORDER BY n."id";
  IF FOUND THEN PERFORM "integration_mark_transaction"(); END IF;
  RETURN NULL;
END $$;
