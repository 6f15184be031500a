CREATE TYPE "public"."check_in_audience" AS ENUM('matches', 'everyone');--> statement-breakpoint
CREATE TABLE "check_in_dogs" (
	"check_in_id" uuid NOT NULL,
	"dog_id" uuid NOT NULL,
	CONSTRAINT "check_in_dogs_check_in_id_dog_id_pk" PRIMARY KEY("check_in_id","dog_id")
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"spot_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"audience" "check_in_audience" NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_in_dogs" ADD CONSTRAINT "check_in_dogs_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_dogs" ADD CONSTRAINT "check_in_dogs_dog_id_dog_profiles_id_fk" FOREIGN KEY ("dog_id") REFERENCES "public"."dog_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_spot_id_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."spots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_dogs_dog_idx" ON "check_in_dogs" USING btree ("dog_id");--> statement-breakpoint
CREATE INDEX "check_ins_spot_ends_idx" ON "check_ins" USING btree ("spot_id","ends_at");--> statement-breakpoint
CREATE INDEX "check_ins_user_created_idx" ON "check_ins" USING btree ("user_id","created_at");