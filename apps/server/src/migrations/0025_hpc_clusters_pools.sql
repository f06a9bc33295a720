CREATE TABLE "hpc_clusters" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"backend" text NOT NULL,
	"rest_url" text NOT NULL,
	"secret_kind" text NOT NULL,
	"secret" text NOT NULL,
	"admin_user" text NOT NULL,
	"parent_account" text NOT NULL,
	"cluster_name" text NOT NULL,
	"login_host" text,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "hpc_clusters_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "hpc_pool_members" (
	"pool_id" text NOT NULL,
	"user_id" text NOT NULL,
	"cluster_user" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hpc_pool_members_pool_id_user_id_pk" PRIMARY KEY("pool_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "hpc_pools" (
	"resource_id" text PRIMARY KEY NOT NULL,
	"cluster_id" text NOT NULL,
	"account" text NOT NULL,
	"partition" text NOT NULL,
	"pool_type" text NOT NULL,
	"limits" jsonb NOT NULL,
	"held_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hpc_pool_members" ADD CONSTRAINT "hpc_pool_members_pool_id_hpc_pools_resource_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."hpc_pools"("resource_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_pool_members" ADD CONSTRAINT "hpc_pool_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_pools" ADD CONSTRAINT "hpc_pools_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_pools" ADD CONSTRAINT "hpc_pools_cluster_id_hpc_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."hpc_clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hpc_pools_account" ON "hpc_pools" USING btree ("cluster_id","account");