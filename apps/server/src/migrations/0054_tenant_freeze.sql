ALTER TABLE "organizations" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "freeze_reason" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "frozen_by" text;