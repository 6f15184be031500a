ALTER TABLE "chat_messages" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "event_messages" ADD COLUMN "fingerprint" text;
-- hand-written:
-- No fingerprints for earlier messages: the normalisation is the app's (src/domain/message-fingerprint.ts) and
-- SQL cannot repeat it exactly, so for the first day after this the duplicate-text rule does not see them.
