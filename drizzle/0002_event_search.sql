DROP INDEX "events_starts_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || ' ' || coalesce(description, '') || ' ' || city || ' ' || location_name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "events_starts_idx" ON "events" USING btree ("starts_at","id");