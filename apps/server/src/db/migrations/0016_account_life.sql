CREATE TABLE "sepa_mandates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"holder" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text NOT NULL,
	"reference" text NOT NULL,
	"signed_on" date NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sepa_mandates_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "period_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "billing" text DEFAULT 'advance' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "invoice_email" text;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sepa_mandates_account_idx" ON "sepa_mandates" USING btree ("account_id");