CREATE TYPE "public"."lost_alert_kind" AS ENUM('lost', 'found');--> statement-breakpoint
ALTER TABLE "chats" ALTER COLUMN "dog_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lost_alerts" ALTER COLUMN "dog_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lost_alerts" ADD COLUMN "kind" "lost_alert_kind" DEFAULT 'lost' NOT NULL;--> statement-breakpoint
ALTER TABLE "lost_alerts" ADD COLUMN "looks" text;--> statement-breakpoint
ALTER TABLE "lost_alerts" ADD CONSTRAINT "lost_alerts_kind_check" CHECK ((kind = 'lost' and dog_id is not null) or (kind = 'found' and dog_id is null and looks is not null and photo is not null));