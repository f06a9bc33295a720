CREATE TABLE "cache_instances" (
	"resource_id" text PRIMARY KEY NOT NULL,
	"simulated" boolean NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"username" text NOT NULL,
	"key_prefix" text NOT NULL,
	"password_sealed" text NOT NULL,
	"plan_bytes" bigint NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"measured_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"writes_paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"dropped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cache_instances" ADD CONSTRAINT "cache_instances_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;