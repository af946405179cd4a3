-- The invoice reaches the firm (decision 043).
-- A firm's billing contacts: the addresses its administrator chose to receive invoices, receipts, credit notes and
-- payment reminders, in the order given. A firm with none has its active administrators as billing contacts.
CREATE TABLE "client_billing_contacts" (
	"client_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_billing_contacts_pk" PRIMARY KEY ("client_id", "position")
);--> statement-breakpoint
ALTER TABLE "client_billing_contacts" ADD CONSTRAINT "client_billing_contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_billing_contacts_email_uq" ON "client_billing_contacts" USING btree ("client_id", lower("email"));--> statement-breakpoint
-- What a message carries attached, rendered by the worker when it sends (lib/mail/attachments.ts): a list of
-- {"kind": ..., "id": ...}. Null: no attachment.
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
-- Payment reminders, set by the provider: days before the due date and days after it (empty: none).
ALTER TABLE "supplier_settings" ADD COLUMN "reminder_days_before" smallint[] DEFAULT '{3}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "reminder_days_after" smallint[] DEFAULT '{1,7,14}'::smallint[] NOT NULL;--> statement-breakpoint
-- One row per invoice and reminder step (days from the due date: negative before it, positive after), a work row
-- of the one queue (lib/core/queue.ts): written when the step's day comes, sent once, or stopped when the invoice
-- was paid or voided meanwhile.
CREATE TABLE "invoice_reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_step_uq" ON "invoice_reminders" USING btree ("invoice_id", "step");--> statement-breakpoint
CREATE INDEX "invoice_reminders_due_idx" ON "invoice_reminders" USING btree ("status", "next_attempt_at");
