-- Two timed items of one member never overlap: checked atomically by the database, so concurrent assignments
-- cannot both succeed.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "roster_items" ADD CONSTRAINT "roster_items_no_overlap"
  EXCLUDE USING gist ("membership_id" WITH =, tstzrange("start_at", "end_at") WITH &&)
  WHERE ("membership_id" IS NOT NULL AND "start_at" IS NOT NULL);
