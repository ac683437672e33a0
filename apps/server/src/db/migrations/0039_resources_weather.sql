CREATE TABLE "weather_forecasts" (
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"fetched_on" date NOT NULL,
	"latitude" text NOT NULL,
	"longitude" text NOT NULL,
	"days" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weather_forecasts_location_id_fetched_on_pk" PRIMARY KEY("location_id","fetched_on")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "travel_roles" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "roster_items" ADD COLUMN "travel_role" text;--> statement-breakpoint
ALTER TABLE "weather_forecasts" ADD CONSTRAINT "weather_forecasts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_forecasts" ADD CONSTRAINT "weather_forecasts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;