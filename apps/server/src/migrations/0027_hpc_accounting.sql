CREATE TABLE "hpc_charge_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"bill_no" text NOT NULL,
	"org_id" text NOT NULL,
	"pool_id" text NOT NULL,
	"job_id" text NOT NULL,
	"job_name" text NOT NULL,
	"cluster_user" text NOT NULL,
	"partition" text NOT NULL,
	"cpus" integer NOT NULL,
	"gpus" integer NOT NULL,
	"usage_start" timestamp with time zone NOT NULL,
	"usage_end" timestamp with time zone NOT NULL,
	"seconds" integer NOT NULL,
	"core_seconds" bigint NOT NULL,
	"gpu_seconds" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"original" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hpc_job_charges" (
	"pool_id" text NOT NULL,
	"job_id" text NOT NULL,
	"charged_up_to" timestamp with time zone NOT NULL,
	"core_seconds" bigint NOT NULL,
	"gpu_seconds" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"original" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hpc_job_charges_pool_id_job_id_pk" PRIMARY KEY("pool_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "hpc_pool_ratings" (
	"pool_id" text PRIMARY KEY NOT NULL,
	"rated_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hpc_job_charges" ADD CONSTRAINT "hpc_job_charges_pool_id_hpc_pools_resource_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."hpc_pools"("resource_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_pool_ratings" ADD CONSTRAINT "hpc_pool_ratings_pool_id_hpc_pools_resource_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."hpc_pools"("resource_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hpc_charge_lines_bill" ON "hpc_charge_lines" USING btree ("bill_no","job_id");--> statement-breakpoint
CREATE INDEX "hpc_charge_lines_pool" ON "hpc_charge_lines" USING btree ("pool_id");