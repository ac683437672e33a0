CREATE TABLE "setup_drafts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"step" text DEFAULT 'welcome' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "setup_drafts" ADD CONSTRAINT "setup_drafts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;