CREATE INDEX "hours_membership_status_idx" ON "hours" USING btree ("membership_id","status","date");--> statement-breakpoint
CREATE INDEX "hours_location_status_idx" ON "hours" USING btree ("location_id","status","date");--> statement-breakpoint
CREATE INDEX "memberships_balance_idx" ON "memberships" USING btree ("account_id") WHERE "memberships"."balance_flag";