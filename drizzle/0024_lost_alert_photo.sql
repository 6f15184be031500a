ALTER TYPE "public"."upload_kind" ADD VALUE 'lost';--> statement-breakpoint
ALTER TABLE "lost_alerts" ADD COLUMN "photo" text;