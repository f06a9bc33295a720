CREATE TABLE "rds_instances" (
	"resource_id" text PRIMARY KEY NOT NULL,
	"engine" text NOT NULL,
	"simulated" boolean NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"database_name" text NOT NULL,
	"username" text NOT NULL,
	"password_sealed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"dropped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "rds_instances" ADD CONSTRAINT "rds_instances_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;