-- Invoice numbers per firm (item 3): the last number of each firm's own series, taken and advanced in the
-- transaction that issues the invoice (the row lock orders parallel issues, a rolled-back issue gives its number
-- back), so the series has no gaps and no repeats. A firm's row is made on its first numbered invoice, starting
-- after the highest number of the series its invoices already have.
CREATE TABLE "invoice_number_series" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"last_number" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "invoice_number_series" ADD CONSTRAINT "invoice_number_series_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
