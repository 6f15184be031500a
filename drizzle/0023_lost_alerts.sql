CREATE TYPE "public"."lost_alert_channel" AS ENUM('push', 'email', 'none');--> statement-breakpoint
CREATE TYPE "public"."lost_alert_status" AS ENUM('open', 'found', 'closed');--> statement-breakpoint
CREATE TABLE "lost_alert_deliveries" (
	"alert_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" "lost_alert_channel" NOT NULL,
	"found_told_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lost_alert_deliveries_alert_id_user_id_pk" PRIMARY KEY("alert_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lost_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"dog_id" uuid NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"town" text,
	"seen_at" timestamp with time zone NOT NULL,
	"note" text,
	"radius_km" integer NOT NULL,
	"status" "lost_alert_status" DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lost_alert_deliveries" ADD CONSTRAINT "lost_alert_deliveries_alert_id_lost_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."lost_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_alert_deliveries" ADD CONSTRAINT "lost_alert_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_alerts" ADD CONSTRAINT "lost_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_alerts" ADD CONSTRAINT "lost_alerts_dog_id_dog_profiles_id_fk" FOREIGN KEY ("dog_id") REFERENCES "public"."dog_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lost_alerts_open_dog_idx" ON "lost_alerts" USING btree ("dog_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "lost_alerts_user_created_idx" ON "lost_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "lost_alerts_status_expires_idx" ON "lost_alerts" USING btree ("status","expires_at");