CREATE TABLE "hpc_terminal_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"user_id" text NOT NULL,
	"pool_id" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hpc_clusters" ADD COLUMN "ssh_private_key" text;--> statement-breakpoint
ALTER TABLE "hpc_clusters" ADD COLUMN "ssh_public_key" text;--> statement-breakpoint
ALTER TABLE "hpc_terminal_tickets" ADD CONSTRAINT "hpc_terminal_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_terminal_tickets" ADD CONSTRAINT "hpc_terminal_tickets_pool_id_hpc_pools_resource_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."hpc_pools"("resource_id") ON DELETE cascade ON UPDATE no action;