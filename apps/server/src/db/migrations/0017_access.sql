ALTER TABLE "memberships" ALTER COLUMN "onboarding" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "shadow_write" boolean DEFAULT false NOT NULL;