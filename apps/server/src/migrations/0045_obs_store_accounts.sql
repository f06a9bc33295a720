CREATE TABLE "obs_request_counts" (
	"bucket_name" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"requests" bigint NOT NULL,
	CONSTRAINT "obs_request_counts_bucket_name_hour_pk" PRIMARY KEY("bucket_name","hour")
);
--> statement-breakpoint
CREATE TABLE "obs_store_accounts" (
	"org_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_key_id" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
