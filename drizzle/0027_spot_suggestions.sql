CREATE TYPE "public"."spot_suggestion_status" AS ENUM('open', 'applied', 'rejected');--> statement-breakpoint
CREATE TABLE "spot_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"spot_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"changes" jsonb NOT NULL,
	"note" text,
	"status" "spot_suggestion_status" DEFAULT 'open' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spot_suggestions" ADD CONSTRAINT "spot_suggestions_spot_id_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."spots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_suggestions" ADD CONSTRAINT "spot_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_suggestions" ADD CONSTRAINT "spot_suggestions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spot_suggestions_open_idx" ON "spot_suggestions" USING btree ("spot_id","user_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "spot_suggestions_queue_idx" ON "spot_suggestions" USING btree ("created_at") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "spot_suggestions_user_idx" ON "spot_suggestions" USING btree ("user_id","created_at");