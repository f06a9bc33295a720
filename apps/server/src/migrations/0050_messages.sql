CREATE TABLE "announcements" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"product_id" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inbox_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"org_id" text,
	"type" text NOT NULL,
	"purpose" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"announcement_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notice_preferences" (
	"org_id" text NOT NULL,
	"type" text NOT NULL,
	"email" boolean NOT NULL,
	"sms" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notice_preferences_org_id_type_pk" PRIMARY KEY("org_id","type")
);
--> statement-breakpoint
CREATE INDEX "announcements_publish" ON "announcements" USING btree ("publish_at");--> statement-breakpoint
CREATE INDEX "inbox_user_created" ON "inbox_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_user_announcement" ON "inbox_messages" USING btree ("user_id","announcement_id");