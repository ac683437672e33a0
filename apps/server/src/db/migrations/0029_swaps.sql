CREATE TABLE "swap_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"offered_by" uuid NOT NULL,
	"wanted_item_id" uuid,
	"to_membership_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"taken_by" uuid,
	"breaks" text[] DEFAULT '{}'::text[] NOT NULL,
	"declined_by" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"message" text,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_item_id_roster_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."roster_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_offered_by_memberships_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_wanted_item_id_roster_items_id_fk" FOREIGN KEY ("wanted_item_id") REFERENCES "public"."roster_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_to_membership_id_memberships_id_fk" FOREIGN KEY ("to_membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_taken_by_memberships_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_decided_by_memberships_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "swap_offers_waiting_item_key" ON "swap_offers" USING btree ("item_id") WHERE "swap_offers"."status" in ('open', 'pending');--> statement-breakpoint
CREATE INDEX "swap_offers_account_status_idx" ON "swap_offers" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "swap_offers_wanted_item_idx" ON "swap_offers" USING btree ("wanted_item_id");