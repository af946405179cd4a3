-- Invoices as tax documents, payments, billing from the jobs.
-- The supplier's details (one row, kept in /Ops/Billing): legal name, ABN, address, bank details, logo and the
-- GST rate in basis points (1000 = 10%). The logo is kept in the database (a small PNG or JPEG, base64), so every instance
-- draws the same invoice.
CREATE TABLE "supplier_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"abn" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"bank_account_name" text DEFAULT '' NOT NULL,
	"bank_bsb" text DEFAULT '' NOT NULL,
	"bank_account_number" text DEFAULT '' NOT NULL,
	"gst_rate_bp" integer DEFAULT 1000 NOT NULL,
	"logo_base64" text,
	"logo_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_settings_one_ck" CHECK ("supplier_settings"."id" = 1),
	CONSTRAINT "supplier_settings_rate_ck" CHECK ("supplier_settings"."gst_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
INSERT INTO "supplier_settings" ("id") VALUES (1);
--> statement-breakpoint
-- GST per line and in total, whole cents. Line "amount" stays the amount before GST; "invoices.amount" stays the
-- total payable (GST included), as the legacy API has always answered it. Invoices before this migration carry
-- GST 0 (their totals do not change).
ALTER TABLE "invoice_line_items" ADD COLUMN "gst" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "gst" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_paid" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Payment terms in days (the due date of a new invoice) per client.
ALTER TABLE "clients" ADD COLUMN "payment_terms_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_payment_terms_ck" CHECK ("clients"."payment_terms_days" between 0 and 365);--> statement-breakpoint
-- The per-client price list: a unit price (before GST) per order type, with the stock code and description of
-- the invoice line it makes.
CREATE TABLE "client_prices" (
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"order_type" smallint NOT NULL REFERENCES "order_types"("id"),
	"ext_stock_id" text NOT NULL,
	"description" text NOT NULL,
	"unit_price" numeric(12, 4) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_prices_pk" PRIMARY KEY ("client_id", "order_type")
);
--> statement-breakpoint
-- A payment received from a client, and how it is spread over that client's invoices (part payments allowed).
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"payment_date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency_code" char(3) DEFAULT 'AUD' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_ck" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "payments_client_date_idx" ON "payments" USING btree ("client_id","payment_date");
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"payment_id" integer NOT NULL REFERENCES "payments"("id"),
	"invoice_id" integer NOT NULL REFERENCES "invoices"("id"),
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "payment_allocations_pk" PRIMARY KEY ("payment_id", "invoice_id"),
	CONSTRAINT "payment_allocations_amount_ck" CHECK ("payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("invoice_id");
--> statement-breakpoint
-- The integration event of a payment (one per invoice it pays), for the change log and the webhooks.
CREATE FUNCTION "integration_payment_allocations_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "integration_events" ("kind", "job_id", "invoice_id", "client_id", "jms_number", "invoice_number", "data", "occurred_at")
  SELECT 'payment.received', NULL, i."id", i."client_id", i."jms_number", i."invoice_number",
         jsonb_build_object('paymentId', p."id", 'amount', n."amount"::text, 'currencyCode', p."currency_code", 'paymentDate', p."payment_date",
                            'reference', p."reference", 'invoiceAmount', i."amount"::text, 'amountPaid', i."amount_paid"::text),
         p."created_at"
  FROM "new_allocations" n
  JOIN "payments" p ON p."id" = n."payment_id"
  JOIN "invoices" i ON i."id" = n."invoice_id"
  ORDER BY n."payment_id", n."invoice_id";
  IF FOUND THEN PERFORM "integration_mark_transaction"(); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payment_allocations_integration_insert" AFTER INSERT ON "payment_allocations" REFERENCING NEW TABLE AS "new_allocations" FOR EACH STATEMENT EXECUTE FUNCTION "integration_payment_allocations_inserted"();
