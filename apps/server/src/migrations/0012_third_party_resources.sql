ALTER TABLE "resources" ADD COLUMN "external_ref" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "access_note" text;