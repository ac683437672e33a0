CREATE TABLE "hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"item_id" uuid,
	"location_id" uuid NOT NULL,
	"duty_id" uuid,
	"date" date NOT NULL,
	"from_minutes" integer NOT NULL,
	"until_minutes" integer NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"minutes" integer NOT NULL,
	"cost_centre_id" uuid,
	"comment" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"denial_message" text,
	"expenses_cents" integer,
	"travel_km" integer,
	"travel_role" text,
	"km_compensation_cents" integer,
	"cost_cents" integer,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"billed" boolean DEFAULT false NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"signature" text,
	"signee_name" text,
	"signed_at" timestamp with time zone,
	"created_by" uuid,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"denied_by" uuid,
	"denied_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hours" ADD CONSTRAINT "hours_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours" ADD CONSTRAINT "hours_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours" ADD CONSTRAINT "hours_item_id_roster_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."roster_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours" ADD CONSTRAINT "hours_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours" ADD CONSTRAINT "hours_duty_id_duties_id_fk" FOREIGN KEY ("duty_id") REFERENCES "public"."duties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours" ADD CONSTRAINT "hours_cost_centre_id_cost_centres_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centres"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours" ADD CONSTRAINT "hours_created_by_memberships_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours" ADD CONSTRAINT "hours_approved_by_memberships_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours" ADD CONSTRAINT "hours_denied_by_memberships_id_fk" FOREIGN KEY ("denied_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hours_item_key" ON "hours" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "hours_account_date_idx" ON "hours" USING btree ("account_id","date");--> statement-breakpoint
CREATE INDEX "hours_membership_date_idx" ON "hours" USING btree ("membership_id","date");--> statement-breakpoint
CREATE INDEX "hours_status_idx" ON "hours" USING btree ("account_id","status","date");