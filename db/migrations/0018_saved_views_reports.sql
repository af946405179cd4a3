-- Saved views of the job list (item 4): a user's named filters, sort and page size, private or (set by a
-- client administrator) shared with the whole firm. The spec's saved list preference (user_preferences
-- .job_preference, "remember my settings") becomes one of these views: each user's "Last used" view
-- (remembered = true, private, at most one per user), which the list keeps up to date and opens with unless the
-- user chose another default. A user's default view is user_preferences.default_view_id (a view they may see:
-- their own, or one shared with their firm). client_id is null only for staff, whose remembered view no one else
-- sees; a shared view always has a client.
CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"remembered" boolean DEFAULT false NOT NULL,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_shared_client_ck" CHECK (NOT "saved_views"."shared" OR "saved_views"."client_id" IS NOT NULL),
	CONSTRAINT "saved_views_remembered_private_ck" CHECK (NOT ("saved_views"."remembered" AND "saved_views"."shared"))
);--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_remembered_uq" ON "saved_views" USING btree ("owner_id") WHERE "saved_views"."remembered";--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_owner_name_uq" ON "saved_views" USING btree ("owner_id",lower("name")) WHERE NOT "saved_views"."remembered";--> statement-breakpoint
CREATE INDEX "saved_views_client_shared_idx" ON "saved_views" USING btree ("client_id") WHERE "saved_views"."shared";--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "default_view_id" integer;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_default_view_id_saved_views_id_fk" FOREIGN KEY ("default_view_id") REFERENCES "public"."saved_views"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "saved_views" ("client_id", "owner_id", "name", "remembered", "state", "created_at", "updated_at")
SELECT u."client_id", p."user_id", 'Last used', true, p."job_preference", p."updated_at", p."updated_at"
FROM "user_preferences" p JOIN "users" u ON u."id" = p."user_id"
WHERE p."job_preference" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "user_preferences" DROP COLUMN "job_preference";--> statement-breakpoint
-- Charts for client administrators (item 5): spend by month and by matter read a client's invoices of
-- the last 12 months by issue date; this index answers them from the index alone (no heap visit per invoice).
CREATE INDEX "invoices_client_issue_spend_idx" ON "invoices" USING btree ("client_id","issue_date") INCLUDE ("amount","matter_reference","job_id");
