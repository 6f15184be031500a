ALTER TYPE "public"."notification_type" ADD VALUE 'lost_sighting';--> statement-breakpoint
CREATE TABLE "lost_sightings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"alert_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"town" text,
	"seen_at" timestamp with time zone NOT NULL,
	"note" text,
	"photo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "chats_dogs_idx";--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "lost_alert_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "lost_alert_id" uuid;--> statement-breakpoint
ALTER TABLE "lost_sightings" ADD CONSTRAINT "lost_sightings_alert_id_lost_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."lost_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_sightings" ADD CONSTRAINT "lost_sightings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lost_sightings_alert_seen_idx" ON "lost_sightings" USING btree ("alert_id","seen_at");--> statement-breakpoint
CREATE INDEX "lost_sightings_user_created_idx" ON "lost_sightings" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_lost_alert_id_lost_alerts_id_fk" FOREIGN KEY ("lost_alert_id") REFERENCES "public"."lost_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_lost_alert_id_lost_alerts_id_fk" FOREIGN KEY ("lost_alert_id") REFERENCES "public"."lost_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_lost_idx" ON "chats" USING btree ("lost_alert_id","user_id") WHERE "chats"."lost_alert_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_dogs_idx" ON "chats" USING btree (least("dog_id", "other_dog_id"),greatest("dog_id", "other_dog_id")) WHERE "chats"."other_dog_id" is not null;