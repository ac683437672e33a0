CREATE TABLE "checkins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"distance_meters" integer,
	"checked_out_at" timestamp with time zone,
	"checkout_kind" text,
	"checked_out_by" uuid,
	"hours_id" uuid
);
--> statement-breakpoint
CREATE TABLE "location_coordinates" (
	"location_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"source" text NOT NULL,
	"address" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_item_id_roster_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."roster_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_checked_out_by_memberships_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_hours_id_hours_id_fk" FOREIGN KEY ("hours_id") REFERENCES "public"."hours"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_coordinates" ADD CONSTRAINT "location_coordinates_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_coordinates" ADD CONSTRAINT "location_coordinates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_item_key" ON "checkins" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "checkins_account_open_idx" ON "checkins" USING btree ("account_id","checked_out_at");--> statement-breakpoint
CREATE INDEX "checkins_membership_idx" ON "checkins" USING btree ("membership_id");