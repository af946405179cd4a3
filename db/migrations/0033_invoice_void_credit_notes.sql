-- Void and adjustment (credit) notes. An issued invoice with no payment can be voided with a reason; any issued
-- invoice can be credited in whole or in part by adjustment notes, each with its own number, its GST and a ledger
-- entry. amount_credited is the sum of an invoice's credit notes, kept in the transaction that issues each one.
ALTER TABLE "invoices" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_credited" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"credit_note_number" text NOT NULL,
	"issue_date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"gst" numeric(12, 2) DEFAULT '0' NOT NULL,
	"currency_code" char(3) DEFAULT 'AUD' NOT NULL,
	"reason" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_amount_positive" CHECK ("amount" > 0),
	CONSTRAINT "credit_notes_gst_within_amount" CHECK ("gst" >= 0 AND "gst" <= "amount")
);--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_uq" ON "credit_notes" USING btree ("credit_note_number");--> statement-breakpoint
CREATE INDEX "credit_notes_client_date_idx" ON "credit_notes" USING btree ("client_id","issue_date");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");
