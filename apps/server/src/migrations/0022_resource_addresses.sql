ALTER TABLE "resources" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "sim_instances" ADD COLUMN "address" text;