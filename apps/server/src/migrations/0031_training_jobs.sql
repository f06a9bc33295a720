CREATE TABLE "hpc_training_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"pool_id" text NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"definition" jsonb NOT NULL,
	"yaml" text,
	"script" text NOT NULL,
	"cluster_job_id" text NOT NULL,
	"cluster_user" text NOT NULL,
	"submitted_by" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"stopped_by" text,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hpc_training_jobs" ADD CONSTRAINT "hpc_training_jobs_pool_id_hpc_pools_resource_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."hpc_pools"("resource_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_training_jobs" ADD CONSTRAINT "hpc_training_jobs_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_training_jobs" ADD CONSTRAINT "hpc_training_jobs_stopped_by_users_id_fk" FOREIGN KEY ("stopped_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hpc_training_jobs_cluster_job" ON "hpc_training_jobs" USING btree ("pool_id","cluster_job_id");--> statement-breakpoint
CREATE INDEX "hpc_training_jobs_org" ON "hpc_training_jobs" USING btree ("org_id","submitted_at");