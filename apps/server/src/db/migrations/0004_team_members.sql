CREATE TABLE "member_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"type" text NOT NULL,
	"weekly_minutes" integer DEFAULT 0 NOT NULL,
	"schedule" text DEFAULT 'flexible' NOT NULL,
	"day_minutes" integer[],
	"days_per_week" integer,
	"vacation_days" integer DEFAULT 0 NOT NULL,
	"permanent" boolean DEFAULT true NOT NULL,
	"template_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_settings" (
	"membership_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"job_title" text,
	"planning_scope" text DEFAULT 'all' NOT NULL,
	"scope_location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"scope_duty_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_cost_centres" (
	"membership_id" uuid NOT NULL,
	"cost_centre_id" uuid NOT NULL,
	CONSTRAINT "membership_cost_centres_membership_id_cost_centre_id_pk" PRIMARY KEY("membership_id","cost_centre_id")
);
--> statement-breakpoint
ALTER TABLE "member_contracts" ADD CONSTRAINT "member_contracts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_contracts" ADD CONSTRAINT "member_contracts_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_cost_centres" ADD CONSTRAINT "membership_cost_centres_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_cost_centres" ADD CONSTRAINT "membership_cost_centres_cost_centre_id_cost_centres_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_contracts_membership_idx" ON "member_contracts" USING btree ("membership_id","start_date");