-- The commit-ordered integration event log (docs/decisions/014-integration-change-feed.md) and the
-- webhook endpoints, delivery outbox and attempt log.
CREATE SEQUENCE "integration_commit_seq";
--> statement-breakpoint
CREATE TABLE "integration_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"txid" bigint DEFAULT txid_current() NOT NULL,
	"kind" text NOT NULL,
	"job_id" integer,
	"invoice_id" integer,
	"client_id" integer NOT NULL,
	"jms_number" text,
	"invoice_number" text,
	"status" smallint,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "integration_events_txid_idx" ON "integration_events" USING btree ("txid","id");
--> statement-breakpoint
CREATE TABLE "integration_commits" (
	"txid" bigint PRIMARY KEY NOT NULL,
	"seq" bigint
);
--> statement-breakpoint
CREATE UNIQUE INDEX "integration_commits_seq_uq" ON "integration_commits" USING btree ("seq");
--> statement-breakpoint
-- Every transaction that writes events leaves one marker row; its number is taken at COMMIT (below).
CREATE FUNCTION "integration_mark_transaction"() RETURNS void LANGUAGE sql AS $$
  INSERT INTO "integration_commits" ("txid") VALUES (txid_current()) ON CONFLICT ("txid") DO NOTHING;
$$;
--> statement-breakpoint
-- Deferred to commit time: one committing transaction at a time holds the lock, takes the next number and
-- releases the lock only once its commit is visible, so numbers become visible strictly in order.
CREATE FUNCTION "integration_number_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7140014);
  UPDATE "integration_commits" SET "seq" = nextval('integration_commit_seq') WHERE "txid" = NEW."txid";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "integration_commits_number" AFTER INSERT ON "integration_commits" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "integration_number_commit"();
--> statement-breakpoint
-- Writers: statement-level triggers with transition tables (a set-based bulk insert writes its events in one statement).
CREATE FUNCTION "integration_jobs_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "integration_events" ("kind", "job_id", "client_id", "jms_number", "status", "data", "occurred_at")
  SELECT 'job.created', n."id", n."client_id", n."jms_number", n."status",
         jsonb_build_object('orderType', n."order_type", 'matterReference', n."matter_reference", 'description', n."description", 'dueAt', n."due_at", 'sourceJobId', n."source_job_id"),
         n."created_at"
  FROM "new_jobs" n ORDER BY n."id";
  IF FOUND THEN PERFORM "integration_mark_transaction"(); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "integration_jobs_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Status changes are recorded from job_status_changes (with their comment); other edits are job.changed.
  INSERT INTO "integration_events" ("kind", "job_id", "client_id", "jms_number", "status", "data", "occurred_at")
  SELECT 'job.changed', n."id", n."client_id", n."jms_number", n."status", jsonb_build_object('fields', d."fields"), n."updated_at"
  FROM "new_jobs" n
  JOIN "old_jobs" o ON o."id" = n."id"
  CROSS JOIN LATERAL (
    SELECT jsonb_agg(e."key" ORDER BY e."key") AS "fields"
    FROM jsonb_each(to_jsonb(n)) e
    WHERE e."value" IS DISTINCT FROM to_jsonb(o) -> e."key"
      AND e."key" NOT IN ('updated_at', 'status', 'status_updated_at', 'status_last_modified_by_id', 'status_last_modified_by', 'delivered_at', 'last_modified_by_id')
  ) d
  WHERE d."fields" IS NOT NULL
  ORDER BY n."id";
  IF FOUND THEN PERFORM "integration_mark_transaction"(); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "integration_status_changes_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "integration_events" ("kind", "job_id", "client_id", "jms_number", "status", "data", "occurred_at")
  SELECT 'job.status_changed', n."job_id", n."client_id", j."jms_number", n."to_status",
         jsonb_build_object('fromStatus', n."from_status", 'toStatus', n."to_status", 'changedBy', n."changed_by_name")
           || CASE WHEN c."id" IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('comment', c."comment", 'visibleToClient', NOT c."is_internal") END,
         n."created_at"
  FROM "new_changes" n
  JOIN "jobs" j ON j."id" = n."job_id"
  LEFT JOIN "comment_history" c ON c."id" = n."comment_id"
  ORDER BY n."id";
  IF FOUND THEN PERFORM "integration_mark_transaction"(); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "integration_feedback_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "integration_events" ("kind", "job_id", "client_id", "jms_number", "status", "data", "occurred_at")
  SELECT 'job.feedback', n."job_id", n."client_id", j."jms_number", j."status",
         jsonb_build_object('feedback', n."feedback", 'comments', n."comments"), n."created_at"
  FROM "new_feedback" n
  JOIN "jobs" j ON j."id" = n."job_id"
  ORDER BY n."id";
  IF FOUND THEN PERFORM "integration_mark_transaction"(); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "integration_invoices_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "integration_events" ("kind", "job_id", "invoice_id", "client_id", "jms_number", "invoice_number", "data", "occurred_at")
  SELECT 'invoice.issued', n."job_id", n."id", n."client_id", n."jms_number", n."invoice_number",
         jsonb_build_object('amount', n."amount"::text, 'currencyCode', n."currency_code", 'issueDate', n."issue_date", 'dueDate', n."due_date", 'isPaid', n."is_paid"),
         n."created_at"
  FROM "new_invoices" n ORDER BY n."id";
  IF FOUND THEN PERFORM "integration_mark_transaction"(); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "integration_invoices_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "integration_events" ("kind", "job_id", "invoice_id", "client_id", "jms_number", "invoice_number", "data", "occurred_at")
  SELECT 'invoice.paid', n."job_id", n."id", n."client_id", n."jms_number", n."invoice_number",
         jsonb_build_object('amount', n."amount"::text, 'currencyCode', n."currency_code", 'paidAt', n."paid_at"),
         coalesce(n."paid_at", n."updated_at")
  FROM "new_invoices" n
  JOIN "old_invoices" o ON o."id" = n."id"
  WHERE n."is_paid" AND NOT o."is_paid"
  ORDER BY n."id";
  IF FOUND THEN PERFORM "integration_mark_transaction"(); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "jobs_integration_insert" AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS "new_jobs" FOR EACH STATEMENT EXECUTE FUNCTION "integration_jobs_inserted"();
--> statement-breakpoint
CREATE TRIGGER "jobs_integration_update" AFTER UPDATE ON "jobs" REFERENCING OLD TABLE AS "old_jobs" NEW TABLE AS "new_jobs" FOR EACH STATEMENT EXECUTE FUNCTION "integration_jobs_updated"();
--> statement-breakpoint
CREATE TRIGGER "job_status_changes_integration_insert" AFTER INSERT ON "job_status_changes" REFERENCING NEW TABLE AS "new_changes" FOR EACH STATEMENT EXECUTE FUNCTION "integration_status_changes_inserted"();
--> statement-breakpoint
CREATE TRIGGER "job_feedback_integration_insert" AFTER INSERT ON "job_feedback" REFERENCING NEW TABLE AS "new_feedback" FOR EACH STATEMENT EXECUTE FUNCTION "integration_feedback_inserted"();
--> statement-breakpoint
CREATE TRIGGER "invoices_integration_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS "new_invoices" FOR EACH STATEMENT EXECUTE FUNCTION "integration_invoices_inserted"();
--> statement-breakpoint
CREATE TRIGGER "invoices_integration_update" AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS "old_invoices" NEW TABLE AS "new_invoices" FOR EACH STATEMENT EXECUTE FUNCTION "integration_invoices_updated"();
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"secret_encrypted" text NOT NULL,
	"start_seq" bigint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Where the dispatcher has read the event log up to (one row).
CREATE TABLE "webhook_dispatch_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"cursor_seq" bigint DEFAULT 0 NOT NULL,
	"cursor_event" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "webhook_dispatch_state_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "webhook_dispatch_state" ("id", "cursor_seq", "cursor_event") VALUES (1, 0, 0);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"order_key" text NOT NULL,
	"position_seq" bigint NOT NULL,
	"position_event" bigint NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_ck" CHECK ("status" in ('pending', 'sending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_integration_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."integration_events"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_event_uq" ON "webhook_deliveries" USING btree ("endpoint_id","event_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_message_uq" ON "webhook_deliveries" USING btree ("message_id");
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at","id") WHERE "status" in ('pending', 'sending');
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_order_idx" ON "webhook_deliveries" USING btree ("endpoint_id","order_key","position_seq","position_event") WHERE "status" in ('pending', 'sending');
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_log_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"http_status" integer,
	"response_excerpt" text,
	"error" text,
	"manual" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","id");
