CREATE TABLE "sickness_record_items" (
	"record_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	CONSTRAINT "sickness_record_items_record_id_item_id_pk" PRIMARY KEY("record_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "sickness_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"notes" text,
	"reported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sickness_record_items" ADD CONSTRAINT "sickness_record_items_record_id_sickness_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."sickness_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sickness_record_items" ADD CONSTRAINT "sickness_record_items_item_id_roster_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."roster_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sickness_records" ADD CONSTRAINT "sickness_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sickness_records" ADD CONSTRAINT "sickness_records_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sickness_records" ADD CONSTRAINT "sickness_records_reported_by_memberships_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sickness_record_items_item_idx" ON "sickness_record_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "sickness_records_member_idx" ON "sickness_records" USING btree ("membership_id","start_date");--> statement-breakpoint
CREATE INDEX "sickness_records_account_idx" ON "sickness_records" USING btree ("account_id","start_date");