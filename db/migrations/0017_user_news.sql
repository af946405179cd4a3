-- News as it happens: one row per client user and event (a status changed, a file was attached,
-- an invoice was issued), written by lib/jobs/news.ts in the transaction of the change, next to the alert e-mails
-- of the same event. `in_bell` says the event is the user's own (their alert scope covers the job): the
-- notification centre lists those; every row updates the user's open pages. The rows are numbered at commit
-- through the integration commit marker (migration 0011), so a reader that keeps the position it has reached
-- sees each row exactly once, in commit order; each writing statement sends NOTIFY jms_news with the users
-- concerned, delivered at commit to every instance that listens.
CREATE TABLE "user_news" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"txid" bigint DEFAULT txid_current() NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"job_id" integer,
	"invoice_id" integer,
	"kind" text NOT NULL,
	"status" smallint,
	"title" text NOT NULL,
	"href" text NOT NULL,
	"in_bell" boolean NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "user_news_kind_ck" CHECK ("kind" in ('job.status_changed', 'job.file_added', 'invoice.issued'))
);
--> statement-breakpoint
ALTER TABLE "user_news" ADD CONSTRAINT "user_news_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_news" ADD CONSTRAINT "user_news_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_news" ADD CONSTRAINT "user_news_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "user_news_user_idx" ON "user_news" USING btree ("user_id","occurred_at");
--> statement-breakpoint
CREATE INDEX "user_news_unread_idx" ON "user_news" USING btree ("user_id") WHERE "in_bell" AND "read_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "user_news_txid_idx" ON "user_news" USING btree ("txid");
--> statement-breakpoint
CREATE FUNCTION "user_news_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who text;
BEGIN
  SELECT string_agg(DISTINCT n."user_id"::text, ',') INTO who FROM "new_news" n;
  IF who IS NULL THEN RETURN NULL; END IF;
  PERFORM "integration_mark_transaction"();
  -- NOTIFY payloads stop at 8000 bytes: past that, every listener looks.
  PERFORM pg_notify('jms_news', CASE WHEN length(who) > 7000 THEN '*' ELSE who END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_news_insert" AFTER INSERT ON "user_news" REFERENCING NEW TABLE AS "new_news" FOR EACH STATEMENT EXECUTE FUNCTION "user_news_inserted"();
