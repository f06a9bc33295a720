ALTER TABLE "hpc_clusters" ADD COLUMN "ssh_host_key_fingerprint" text;--> statement-breakpoint
ALTER TABLE "hpc_clusters" ADD COLUMN "ssh_host_key_recorded_at" timestamp with time zone;