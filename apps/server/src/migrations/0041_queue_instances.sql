CREATE TABLE "queue_instances" (
	"resource_id" text PRIMARY KEY NOT NULL,
	"simulated" boolean NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"username" text NOT NULL,
	"vhost" text NOT NULL,
	"password_sealed" text NOT NULL,
	"plan_id" text NOT NULL,
	"max_queues" integer NOT NULL,
	"max_connections" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"dropped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "queue_instances" ADD CONSTRAINT "queue_instances_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;