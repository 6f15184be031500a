ALTER TYPE "public"."report_reason" ADD VALUE 'review';--> statement-breakpoint
ALTER TYPE "public"."report_target" ADD VALUE 'spot';