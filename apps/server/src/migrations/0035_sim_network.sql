CREATE TABLE "sim_network_objects" (
	"ref" text PRIMARY KEY NOT NULL,
	"project" text NOT NULL,
	"kind" text NOT NULL,
	"client_token" text,
	"parent_ref" text,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sim_network_objects_client_token_unique" UNIQUE("client_token")
);
--> statement-breakpoint
CREATE INDEX "sim_network_objects_parent" ON "sim_network_objects" USING btree ("parent_ref");--> statement-breakpoint
CREATE INDEX "sim_network_objects_project" ON "sim_network_objects" USING btree ("project","kind");