CREATE TABLE "platform_maintenance" (
	"id" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"message_zh" text NOT NULL,
	"message_en" text NOT NULL,
	"ends_at" timestamp with time zone,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
