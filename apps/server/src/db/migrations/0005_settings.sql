CREATE TABLE "account_holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "premium_tags" (
	"premium_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "premium_tags_premium_id_tag_id_pk" PRIMARY KEY("premium_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "premiums" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"percent" integer NOT NULL,
	"weekdays" integer[] DEFAULT '{}' NOT NULL,
	"from_minutes" integer,
	"until_minutes" integer,
	"holidays" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"hourly_cents" integer NOT NULL,
	"factor" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_holidays" ADD CONSTRAINT "account_holidays_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_templates" ADD CONSTRAINT "contract_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_tags" ADD CONSTRAINT "premium_tags_premium_id_premiums_id_fk" FOREIGN KEY ("premium_id") REFERENCES "public"."premiums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_tags" ADD CONSTRAINT "premium_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premiums" ADD CONSTRAINT "premiums_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_holidays_account_date_idx" ON "account_holidays" USING btree ("account_id","date");--> statement-breakpoint
CREATE INDEX "contract_templates_account_idx" ON "contract_templates" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "premiums_account_idx" ON "premiums" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "rates_account_idx" ON "rates" USING btree ("account_id");