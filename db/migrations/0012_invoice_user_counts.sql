-- Invoices per client and paid state, and active users per client and role, kept exact in the same transaction
-- as every change to invoices and users, as job_status_counts is for jobs (docs/decisions/008-job-list-counting.md).
-- The invoice list (unfiltered) and the user list (unfiltered, or filtered by role) read their TotalCount here
-- instead of counting rows. Statement-level triggers with transition tables: one grouped upsert per statement,
-- counter rows upserted in key order; an update that changes nothing counted (a payment's date, a user's last
-- sign-in) nets to zero and writes nothing. lib/lists/counts.db.test.ts proves the counters equal count(*).
CREATE TABLE "invoice_counts" (
	"client_id" integer NOT NULL,
	"is_paid" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counts_client_id_is_paid_pk" PRIMARY KEY("client_id","is_paid")
);
--> statement-breakpoint
ALTER TABLE "invoice_counts" ADD CONSTRAINT "invoice_counts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "user_counts" (
	"client_id" integer NOT NULL,
	"role" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_counts_client_id_role_pk" PRIMARY KEY("client_id","role")
);
--> statement-breakpoint
ALTER TABLE "user_counts" ADD CONSTRAINT "user_counts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "invoice_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Old rows out (update, delete), new rows in (insert, update), by (client, paid state).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "invoice_counts" AS c ("client_id", "is_paid", "n")
    SELECT "client_id", "is_paid", count(*)::int FROM "new_invoices" GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("client_id", "is_paid") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "invoice_counts" AS c ("client_id", "is_paid", "n")
    SELECT "client_id", "is_paid", -count(*)::int FROM "old_invoices" GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("client_id", "is_paid") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSE
    INSERT INTO "invoice_counts" AS c ("client_id", "is_paid", "n")
    SELECT "client_id", "is_paid", sum("d")::int FROM (
      SELECT "client_id", "is_paid", -count(*) AS "d" FROM "old_invoices" GROUP BY 1, 2
      UNION ALL
      SELECT "client_id", "is_paid", count(*) AS "d" FROM "new_invoices" GROUP BY 1, 2
    ) AS delta
    GROUP BY 1, 2 HAVING sum("d") <> 0 ORDER BY 1, 2
    ON CONFLICT ("client_id", "is_paid") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "invoice_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "invoice_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only active users of a client are counted (what the user list shows).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "user_counts" AS c ("client_id", "role", "n")
    SELECT "client_id", "role", count(*)::int FROM "new_users" WHERE "is_active" AND "client_id" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("client_id", "role") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "user_counts" AS c ("client_id", "role", "n")
    SELECT "client_id", "role", -count(*)::int FROM "old_users" WHERE "is_active" AND "client_id" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("client_id", "role") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSE
    INSERT INTO "user_counts" AS c ("client_id", "role", "n")
    SELECT "client_id", "role", sum("d")::int FROM (
      SELECT "client_id", "role", -count(*) AS "d" FROM "old_users" WHERE "is_active" AND "client_id" IS NOT NULL GROUP BY 1, 2
      UNION ALL
      SELECT "client_id", "role", count(*) AS "d" FROM "new_users" WHERE "is_active" AND "client_id" IS NOT NULL GROUP BY 1, 2
    ) AS delta
    GROUP BY 1, 2 HAVING sum("d") <> 0 ORDER BY 1, 2
    ON CONFLICT ("client_id", "role") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "user_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The triggers first: creating them locks the tables against writes until this migration commits, so the counts
-- taken below cannot miss a row written meanwhile.
CREATE TRIGGER "invoices_counts_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS "new_invoices" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_counts_update" AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS "old_invoices" NEW TABLE AS "new_invoices" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_counts_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS "old_invoices" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_counts_truncate" AFTER TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_counts_after_truncate"();
--> statement-breakpoint
CREATE TRIGGER "users_counts_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_users" FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "users_counts_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "old_users" NEW TABLE AS "new_users" FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "users_counts_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_users" FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "users_counts_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_after_truncate"();
--> statement-breakpoint
INSERT INTO "invoice_counts" ("client_id", "is_paid", "n")
SELECT "client_id", "is_paid", count(*)::int FROM "invoices" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "user_counts" ("client_id", "role", "n")
SELECT "client_id", "role", count(*)::int FROM "users" WHERE "is_active" AND "client_id" IS NOT NULL GROUP BY 1, 2;
