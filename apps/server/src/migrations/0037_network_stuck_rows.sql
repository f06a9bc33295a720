ALTER TABLE "network_routers" ADD COLUMN "deleting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "network_subnets" ADD COLUMN "deleting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "network_vpcs" ADD COLUMN "deleting_since" timestamp with time zone;