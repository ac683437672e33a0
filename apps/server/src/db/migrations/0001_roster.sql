CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"membership_id" uuid,
	"entity" text NOT NULL,
	"entity_id" uuid,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"date" date NOT NULL,
	"type" text NOT NULL,
	"start_minutes" integer,
	"end_minutes" integer,
	"status" text,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "availability_defaults" (
	"membership_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"type" text NOT NULL,
	"start_minutes" integer,
	"end_minutes" integer,
	CONSTRAINT "availability_defaults_membership_id_weekday_pk" PRIMARY KEY("membership_id","weekday")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"membership_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "day_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"date" date NOT NULL,
	"membership_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "day_notes" (
	"location_id" uuid NOT NULL,
	"date" date NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "day_notes_location_id_date_pk" PRIMARY KEY("location_id","date")
);
--> statement-breakpoint
CREATE TABLE "item_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted" boolean,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "item_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preset_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"day_index" integer NOT NULL,
	"membership_id" uuid,
	"duty_id" uuid,
	"shift_id" uuid,
	"from_minutes" integer,
	"until_minutes" integer,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "roster_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"date" date NOT NULL,
	"membership_id" uuid,
	"duty_id" uuid,
	"shift_id" uuid,
	"from_minutes" integer,
	"until_minutes" integer,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"cost_centre_id" uuid,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"notes" text,
	"internal" text,
	"flag" text,
	"sick" jsonb,
	"conflicts" text[] DEFAULT '{}'::text[] NOT NULL,
	"pending_confirmation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_defaults" ADD CONSTRAINT "availability_defaults_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_comments" ADD CONSTRAINT "day_comments_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_comments" ADD CONSTRAINT "day_comments_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_notes" ADD CONSTRAINT "day_notes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_applications" ADD CONSTRAINT "item_applications_item_id_roster_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."roster_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_applications" ADD CONSTRAINT "item_applications_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_messages" ADD CONSTRAINT "item_messages_item_id_roster_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."roster_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_messages" ADD CONSTRAINT "item_messages_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preset_items" ADD CONSTRAINT "preset_items_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preset_items" ADD CONSTRAINT "preset_items_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preset_items" ADD CONSTRAINT "preset_items_duty_id_duties_id_fk" FOREIGN KEY ("duty_id") REFERENCES "public"."duties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preset_items" ADD CONSTRAINT "preset_items_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_items" ADD CONSTRAINT "roster_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_items" ADD CONSTRAINT "roster_items_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_items" ADD CONSTRAINT "roster_items_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_items" ADD CONSTRAINT "roster_items_duty_id_duties_id_fk" FOREIGN KEY ("duty_id") REFERENCES "public"."duties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_items" ADD CONSTRAINT "roster_items_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_items" ADD CONSTRAINT "roster_items_cost_centre_id_cost_centres_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centres"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_account_at_idx" ON "activity_log" USING btree ("account_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "availability_member_date_key" ON "availability" USING btree ("membership_id","date");--> statement-breakpoint
CREATE INDEX "availability_account_date_idx" ON "availability" USING btree ("account_id","date");--> statement-breakpoint
CREATE INDEX "day_comments_location_date_idx" ON "day_comments" USING btree ("location_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "item_applications_item_member_key" ON "item_applications" USING btree ("item_id","membership_id");--> statement-breakpoint
CREATE INDEX "item_messages_item_idx" ON "item_messages" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "preset_items_location_idx" ON "preset_items" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "roster_items_location_date_idx" ON "roster_items" USING btree ("location_id","date");--> statement-breakpoint
CREATE INDEX "roster_items_membership_date_idx" ON "roster_items" USING btree ("membership_id","date");--> statement-breakpoint
CREATE INDEX "roster_items_account_idx" ON "roster_items" USING btree ("account_id");