-- The heart message becomes a message type of its own (a new enum instead of ADD VALUE: the new value
-- is used below, in the same transaction). Likes sent before were emoji messages with this exact text.
ALTER TYPE "public"."message_type" RENAME TO "message_type_old";--> statement-breakpoint
CREATE TYPE "public"."message_type" AS ENUM('text', 'emoji', 'like');--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "message_type" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "message_type" SET DATA TYPE "public"."message_type" USING (
  CASE WHEN "message_type"::text = 'emoji' AND "content" = 'Všeč si mi ❤️' THEN 'like' ELSE "message_type"::text END
)::"public"."message_type";--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "message_type" SET DEFAULT 'text';--> statement-breakpoint
UPDATE "chat_messages" SET "content" = '❤️' WHERE "message_type" = 'like';--> statement-breakpoint
DROP TYPE "public"."message_type_old";--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'match';--> statement-breakpoint
DROP INDEX "chats_owner_user_dog_idx";--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "other_dog_id" uuid;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_other_dog_id_dog_profiles_id_fk" FOREIGN KEY ("other_dog_id") REFERENCES "public"."dog_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The other party's dog: the one their request about this chat's dog came from, else the match's.
UPDATE "chats" c SET "other_dog_id" = coalesce(
  (SELECT n."from_dog_id" FROM "notifications" n
    WHERE n."notification_type" = 'request' AND n."dog_id" = c."dog_id" AND n."user_id" = c."user_id"
      AND n."owner_id" = c."owner_id" AND n."from_dog_id" IS NOT NULL
    ORDER BY n."created_at" LIMIT 1),
  (SELECT CASE WHEN m."dog1_id" = c."dog_id" THEN m."dog2_id" ELSE m."dog1_id" END FROM "matches" m
    WHERE (m."dog1_id" = c."dog_id" AND m."user1_id" = c."owner_id" AND m."user2_id" = c."user_id")
       OR (m."dog2_id" = c."dog_id" AND m."user2_id" = c."owner_id" AND m."user1_id" = c."user_id")
    ORDER BY m."created_at" LIMIT 1));--> statement-breakpoint
-- Two chats about the same pair of dogs become the older one: its messages, unread counts (seen from
-- its owner's side) and last activity take in the others'.
WITH "ranked" AS (
  SELECT "id", "owner_id", "unread_count_owner", "unread_count_user", "last_message_at",
    first_value("id") OVER (PARTITION BY least("dog_id", "other_dog_id"), greatest("dog_id", "other_dog_id")
      ORDER BY "created_at", "id") AS "keeper"
  FROM "chats" WHERE "other_dog_id" IS NOT NULL
), "merged" AS (
  SELECT r."keeper",
    sum(CASE WHEN r."owner_id" = k."owner_id" THEN r."unread_count_owner" ELSE r."unread_count_user" END)::int AS "owner_unread",
    sum(CASE WHEN r."owner_id" = k."owner_id" THEN r."unread_count_user" ELSE r."unread_count_owner" END)::int AS "user_unread",
    max(r."last_message_at") AS "last_at"
  FROM "ranked" r JOIN "chats" k ON k."id" = r."keeper" WHERE r."id" <> r."keeper" GROUP BY r."keeper"
)
UPDATE "chats" c SET "unread_count_owner" = c."unread_count_owner" + m."owner_unread",
  "unread_count_user" = c."unread_count_user" + m."user_unread",
  "last_message_at" = greatest(c."last_message_at", m."last_at")
FROM "merged" m WHERE c."id" = m."keeper";--> statement-breakpoint
WITH "ranked" AS (
  SELECT "id", first_value("id") OVER (PARTITION BY least("dog_id", "other_dog_id"), greatest("dog_id", "other_dog_id")
    ORDER BY "created_at", "id") AS "keeper"
  FROM "chats" WHERE "other_dog_id" IS NOT NULL
)
UPDATE "chat_messages" m SET "chat_id" = r."keeper" FROM "ranked" r WHERE m."chat_id" = r."id" AND r."id" <> r."keeper";--> statement-breakpoint
WITH "ranked" AS (
  SELECT "id", first_value("id") OVER (PARTITION BY least("dog_id", "other_dog_id"), greatest("dog_id", "other_dog_id")
    ORDER BY "created_at", "id") AS "keeper"
  FROM "chats" WHERE "other_dog_id" IS NOT NULL
)
DELETE FROM "chats" c USING "ranked" r WHERE c."id" = r."id" AND r."id" <> r."keeper";--> statement-breakpoint
CREATE UNIQUE INDEX "chats_dogs_idx" ON "chats" USING btree (least("dog_id", "other_dog_id"),greatest("dog_id", "other_dog_id"));
