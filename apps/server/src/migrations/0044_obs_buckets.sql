CREATE TABLE "obs_access_keys" (
	"access_key_id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"description" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "obs_buckets" (
	"resource_id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"bucket_name" text NOT NULL,
	"storage_class" text NOT NULL,
	"acl" text NOT NULL,
	"simulated" boolean NOT NULL,
	"endpoint" text NOT NULL,
	"region" text NOT NULL,
	"rated_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"dropped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "obs_usage_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"resource_id" text NOT NULL,
	"org_id" text NOT NULL,
	"usage_start" timestamp with time zone NOT NULL,
	"usage_end" timestamp with time zone NOT NULL,
	"hours" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"objects" bigint NOT NULL,
	"requests" bigint NOT NULL,
	"storage_amount" bigint NOT NULL,
	"request_amount" bigint NOT NULL,
	"bill_no" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_obs_buckets" (
	"name" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"acl" text NOT NULL,
	"storage_class" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_obs_keys" (
	"access_key_id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_obs_objects" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"size" bigint NOT NULL,
	"etag" text NOT NULL,
	"content_type" text NOT NULL,
	"last_modified" timestamp with time zone NOT NULL,
	"blob_key" text NOT NULL,
	CONSTRAINT "sim_obs_objects_bucket_key_pk" PRIMARY KEY("bucket","key")
);
--> statement-breakpoint
CREATE TABLE "sim_obs_requests" (
	"bucket" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "sim_obs_requests_bucket_hour_pk" PRIMARY KEY("bucket","hour")
);
--> statement-breakpoint
CREATE INDEX "obs_access_keys_org" ON "obs_access_keys" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "obs_buckets_live_name" ON "obs_buckets" USING btree ("bucket_name") WHERE "obs_buckets"."dropped_at" is null;--> statement-breakpoint
CREATE INDEX "obs_buckets_org" ON "obs_buckets" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "obs_usage_lines_resource" ON "obs_usage_lines" USING btree ("resource_id","usage_start");--> statement-breakpoint
CREATE INDEX "sim_obs_requests_hour" ON "sim_obs_requests" USING btree ("hour");