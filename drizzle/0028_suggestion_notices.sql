ALTER TYPE "public"."notification_type" ADD VALUE 'suggestion_applied';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'suggestion_rejected';