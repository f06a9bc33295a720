CREATE TABLE "unknown_login_failures" (
	"login_hash" text PRIMARY KEY NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "unknown_login_failures_first_failed" ON "unknown_login_failures" USING btree ("first_failed_at");