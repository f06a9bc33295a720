CREATE TABLE "config_change_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"entries" jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" text NOT NULL,
	"decided_by" text,
	"decision_remark" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "manual_recharges" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"remark" text NOT NULL,
	"evidence_file_id" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" text NOT NULL,
	"decided_by" text,
	"decision_remark" text,
	"recharge_no" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "manual_recharge_positive" CHECK ("manual_recharges"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_notification_failures" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recharge_no" text NOT NULL,
	"trade_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"notice_status" text NOT NULL,
	"org_id" text,
	"reason" text NOT NULL,
	"detail" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"first_failed_at" timestamp with time zone NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text
);
--> statement-breakpoint
CREATE TABLE "voucher_issues" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text,
	"kind" text NOT NULL,
	"face_value" bigint NOT NULL,
	"count" integer NOT NULL,
	"total" bigint NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"requested_by" text NOT NULL,
	"decided_by" text,
	"decision_remark" text,
	"batch_no" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "voucher_issue_positive" CHECK ("voucher_issues"."face_value" > 0 and "voucher_issues"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "top_ups" ADD COLUMN "pay_token" text;--> statement-breakpoint
CREATE INDEX "config_change_requests_status" ON "config_change_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "manual_recharges_status" ON "manual_recharges" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "manual_recharges_requester" ON "manual_recharges" USING btree ("requested_by","org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "manual_recharges_evidence" ON "manual_recharges" USING btree ("evidence_file_id") WHERE "manual_recharges"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_failures_notice" ON "payment_notification_failures" USING btree ("channel","trade_no","recharge_no");--> statement-breakpoint
CREATE INDEX "payment_failures_status" ON "payment_notification_failures" USING btree ("status","last_failed_at");--> statement-breakpoint
CREATE INDEX "voucher_issues_status" ON "voucher_issues" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "voucher_issues_requester" ON "voucher_issues" USING btree ("requested_by","org_id","created_at");--> statement-breakpoint
CREATE INDEX "balance_adjustments_requester" ON "balance_adjustments" USING btree ("requested_by","org_id","created_at");