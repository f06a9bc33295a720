ALTER TABLE "hpc_charge_lines" ADD COLUMN "package_core_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hpc_charge_lines" ADD COLUMN "package_gpu_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hpc_job_charges" ADD COLUMN "package_core_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hpc_job_charges" ADD COLUMN "package_gpu_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hpc_pools" ADD COLUMN "packages_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "package_usages" ADD COLUMN "unit_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_packages" ADD COLUMN "remaining_part_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_packages" ADD CONSTRAINT "tenant_packages_part_seconds" CHECK ("tenant_packages"."remaining_part_seconds" between 0 and 3599);