CREATE TABLE "company_pages" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"addresses" text DEFAULT '' NOT NULL,
	"contacts" text DEFAULT '' NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freelancer_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"number" text NOT NULL,
	"seq" integer NOT NULL,
	"issued_on" date NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"period_from" date NOT NULL,
	"period_until" date NOT NULL,
	"seller_name" text NOT NULL,
	"seller_address" text DEFAULT '' NOT NULL,
	"vat_id" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_address" text DEFAULT '' NOT NULL,
	"buyer_vat_number" text,
	"rate_cents" integer NOT NULL,
	"vat_rate_bp" integer DEFAULT 0 NOT NULL,
	"minutes" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"reject_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hours" ADD COLUMN "freelancer_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "company_pages" ADD CONSTRAINT "company_pages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_pages" ADD CONSTRAINT "company_pages_updated_by_memberships_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freelancer_invoices" ADD CONSTRAINT "freelancer_invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freelancer_invoices" ADD CONSTRAINT "freelancer_invoices_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freelancer_invoices" ADD CONSTRAINT "freelancer_invoices_decided_by_memberships_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "freelancer_invoices_number_key" ON "freelancer_invoices" USING btree ("membership_id","seq");--> statement-breakpoint
CREATE INDEX "freelancer_invoices_account_idx" ON "freelancer_invoices" USING btree ("account_id","created_at");--> statement-breakpoint
ALTER TABLE "hours" ADD CONSTRAINT "hours_freelancer_invoice_id_freelancer_invoices_id_fk" FOREIGN KEY ("freelancer_invoice_id") REFERENCES "public"."freelancer_invoices"("id") ON DELETE set null ON UPDATE no action;