CREATE TABLE "client_billing" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"country" text,
	"hourly_rate_cents" integer,
	"payment_days" integer DEFAULT 14 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_invoice_counters" (
	"account_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "client_invoice_counters_account_id_year_pk" PRIMARY KEY("account_id","year")
);
--> statement-breakpoint
CREATE TABLE "client_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"period_from" date NOT NULL,
	"period_until" date NOT NULL,
	"number" text,
	"year" integer,
	"sequence" integer,
	"issued_on" date,
	"due_on" date,
	"locale" text DEFAULT 'en' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"net_cents" integer DEFAULT 0 NOT NULL,
	"vat_category" text DEFAULT 'S' NOT NULL,
	"vat_rate_bp" integer DEFAULT 0 NOT NULL,
	"vat_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"seller" jsonb,
	"buyer" jsonb,
	"pdf" "bytea",
	"xml" text,
	"sent_at" timestamp with time zone,
	"issued_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hours" ADD COLUMN "client_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "client_billing" ADD CONSTRAINT "client_billing_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_billing" ADD CONSTRAINT "client_billing_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoice_counters" ADD CONSTRAINT "client_invoice_counters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_issued_by_memberships_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_invoices_account_idx" ON "client_invoices" USING btree ("account_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "client_invoices_client_period_key" ON "client_invoices" USING btree ("client_id","period_from","period_until");--> statement-breakpoint
CREATE UNIQUE INDEX "client_invoices_number_key" ON "client_invoices" USING btree ("account_id","year","sequence") WHERE "client_invoices"."sequence" is not null;--> statement-breakpoint
ALTER TABLE "hours" ADD CONSTRAINT "hours_client_invoice_id_client_invoices_id_fk" FOREIGN KEY ("client_invoice_id") REFERENCES "public"."client_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hours_client_invoice_idx" ON "hours" USING btree ("client_invoice_id");