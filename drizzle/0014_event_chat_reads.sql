CREATE TABLE "event_chat_reads" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_seq" bigint NOT NULL,
	CONSTRAINT "event_chat_reads_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "event_chat_reads" ADD CONSTRAINT "event_chat_reads_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_chat_reads" ADD CONSTRAINT "event_chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written:
-- Event chats had no pushes before this version: every member has read what is there, so the first push and
-- the summary e-mail tell only of messages written from now on.
INSERT INTO "event_chat_reads" ("event_id", "user_id", "read_seq") SELECT m."event_id", p."user_id", max(m."seq") FROM "event_messages" m JOIN (SELECT "id" AS "event_id", "user_id" FROM "events" UNION SELECT "event_id", "user_id" FROM "event_attendees" WHERE "status" = 'going') p ON p."event_id" = m."event_id" GROUP BY m."event_id", p."user_id";
