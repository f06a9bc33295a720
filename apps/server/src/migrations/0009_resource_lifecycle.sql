ALTER TABLE "resources" ADD COLUMN "frozen_reason" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "notified_stage" text;