CREATE TABLE "staffing_needs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"shift_id" uuid NOT NULL,
	"duty_id" uuid,
	"count" integer NOT NULL,
	"under_weight" integer NOT NULL,
	"over_weight" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_contracts" ADD COLUMN "roster_rules" jsonb;--> statement-breakpoint
ALTER TABLE "staffing_needs" ADD CONSTRAINT "staffing_needs_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staffing_needs" ADD CONSTRAINT "staffing_needs_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staffing_needs" ADD CONSTRAINT "staffing_needs_duty_id_duties_id_fk" FOREIGN KEY ("duty_id") REFERENCES "public"."duties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staffing_needs_location_idx" ON "staffing_needs" USING btree ("location_id");