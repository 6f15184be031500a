-- Issue 30: a dog's birth month instead of its age in whole years, so puppies can be listed. An existing dog
-- was born `age` years before the current month (UTC, as the server counts months).
ALTER TABLE "dog_profiles" ALTER COLUMN "gender" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "dog_profiles" ADD COLUMN "born_on" date;--> statement-breakpoint
UPDATE "dog_profiles" SET "born_on" = (date_trunc('month', now() AT TIME ZONE 'UTC') - make_interval(years => "age"))::date;--> statement-breakpoint
ALTER TABLE "dog_profiles" ALTER COLUMN "born_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "dog_profiles" DROP COLUMN "age";--> statement-breakpoint
ALTER TABLE "dog_profiles" ADD CONSTRAINT "dog_profiles_born_on_month" CHECK (extract(day from "dog_profiles"."born_on") = 1);--> statement-breakpoint
-- Deck filters count ages from 0 (under a year) now; a lower bound of 1 was the lowest, so it meant any age.
-- Positions walked with it saw every dog there was (none was younger), so they hold for 0.
UPDATE "deck_filters" SET "filters" = jsonb_set("filters", '{ageMin}', '0') WHERE "filters"->>'ageMin' = '1';--> statement-breakpoint
UPDATE "deck_positions" SET "filters_key" = replace("filters_key", '"ageMin":1,', '"ageMin":0,') WHERE "filters_key" LIKE '%"ageMin":1,%';
