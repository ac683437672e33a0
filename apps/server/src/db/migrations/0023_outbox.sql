ALTER TABLE "outbox" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "due_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "lease_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "queued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("due_at") WHERE "outbox"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "outbox_undelivered_idx" ON "outbox" USING btree ("account_id","created_at") WHERE "outbox"."error" is not null and "outbox"."status" in ('queued', 'sending', 'failed');