CREATE TABLE "sim_hpc_accounts" (
	"cluster" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"limits" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sim_hpc_accounts_cluster_name_pk" PRIMARY KEY("cluster","name")
);
--> statement-breakpoint
CREATE TABLE "sim_hpc_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sim_hpc_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1000 CACHE 1),
	"cluster" text NOT NULL,
	"account" text NOT NULL,
	"user_name" text NOT NULL,
	"partition" text NOT NULL,
	"name" text NOT NULL,
	"script" text NOT NULL,
	"cpus" integer NOT NULL,
	"gpus" integer NOT NULL,
	"time_limit_minutes" integer NOT NULL,
	"run_seconds" integer NOT NULL,
	"exit_code" integer NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sim_hpc_users" (
	"cluster" text NOT NULL,
	"account" text NOT NULL,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sim_hpc_users_cluster_account_user_name_pk" PRIMARY KEY("cluster","account","user_name")
);
--> statement-breakpoint
CREATE INDEX "sim_hpc_jobs_cluster_state" ON "sim_hpc_jobs" USING btree ("cluster","state");--> statement-breakpoint
CREATE INDEX "sim_hpc_jobs_account" ON "sim_hpc_jobs" USING btree ("account");