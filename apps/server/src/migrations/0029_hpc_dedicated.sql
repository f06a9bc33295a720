CREATE TABLE "sim_hpc_reservations" (
	"cluster" text NOT NULL,
	"name" text NOT NULL,
	"account" text NOT NULL,
	"partition" text NOT NULL,
	"nodes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	CONSTRAINT "sim_hpc_reservations_cluster_name_pk" PRIMARY KEY("cluster","name")
);
--> statement-breakpoint
ALTER TABLE "hpc_pools" ADD COLUMN "reservation" text;--> statement-breakpoint
ALTER TABLE "hpc_pools" ADD COLUMN "nodes" integer;--> statement-breakpoint
ALTER TABLE "sim_hpc_jobs" ADD COLUMN "reservation" text;