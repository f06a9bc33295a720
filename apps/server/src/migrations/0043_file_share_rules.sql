CREATE TABLE "file_share_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"resource_id" text NOT NULL,
	"cidr" text NOT NULL,
	"access" text NOT NULL,
	"priority" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_share_rules" ADD CONSTRAINT "file_share_rules_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_share_rules_resource" ON "file_share_rules" USING btree ("resource_id");