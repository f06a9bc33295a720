CREATE TABLE "balance_adjustments" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" text NOT NULL,
	"decided_by" text,
	"decision_remark" text,
	"entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cash_vouchers" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"face_value" bigint NOT NULL,
	"org_id" text,
	"account_id" text,
	"status" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"batch_no" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cash_vouchers_code_unique" UNIQUE("code"),
	CONSTRAINT "cash_voucher_face_positive" CHECK ("cash_vouchers"."face_value" > 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"coupon_no" text NOT NULL,
	"name" text NOT NULL,
	"benefit_kind" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"discount_hundredths" integer DEFAULT 100 NOT NULL,
	"threshold" bigint DEFAULT 0 NOT NULL,
	"applicable_products" text[] NOT NULL,
	"applicable_payment_types" text[] NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"org_id" text,
	"user_id" text,
	"distributed_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"used_order_no" text,
	"batch_no" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupons_coupon_no_unique" UNIQUE("coupon_no")
);
--> statement-breakpoint
CREATE TABLE "download_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"trade_no" text PRIMARY KEY NOT NULL,
	"recharge_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"decision" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_payments_recharge_no_unique" UNIQUE("recharge_no")
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "top_ups" (
	"id" text PRIMARY KEY NOT NULL,
	"recharge_no" text NOT NULL,
	"org_id" text NOT NULL,
	"user_id" text,
	"channel" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"gateway_trade_no" text,
	"failure_reason" text,
	"entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "top_ups_recharge_no_unique" UNIQUE("recharge_no"),
	CONSTRAINT "top_up_positive" CHECK ("top_ups"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "bill_sequences" (
	"day" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" text PRIMARY KEY NOT NULL,
	"bill_no" text NOT NULL,
	"org_id" text NOT NULL,
	"billing_cycle" text NOT NULL,
	"type" text NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"order_no" text,
	"charge_type" text NOT NULL,
	"original_amount" bigint NOT NULL,
	"discount_amount" bigint NOT NULL,
	"coupon_deduction" bigint NOT NULL,
	"actual_amount" bigint NOT NULL,
	"cash_amount" bigint NOT NULL,
	"credit_amount" bigint NOT NULL,
	"voucher_amount" bigint NOT NULL,
	"refund_amount" bigint NOT NULL,
	"adjustment_amount" bigint NOT NULL,
	"entry_id" bigint,
	"usage_start" timestamp with time zone,
	"usage_end" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bills_bill_no_unique" UNIQUE("bill_no")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope_key" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" text,
	"kind" text NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"memo" text,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"account_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	CONSTRAINT "journal_line_not_zero" CHECK ("journal_lines"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text,
	"kind" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"credit_limit" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_cash_not_negative" CHECK ("ledger_accounts"."kind" not in ('cash', 'voucher') or "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_credit_within_limit" CHECK ("ledger_accounts"."kind" <> 'credit' or ("ledger_accounts"."balance" <= 0 and "ledger_accounts"."balance" >= -"ledger_accounts"."credit_limit")),
	CONSTRAINT "ledger_credit_limit_not_negative" CHECK ("ledger_accounts"."credit_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_vouchers" ADD CONSTRAINT "cash_vouchers_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_adjustments_status" ON "balance_adjustments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "cash_vouchers_org" ON "cash_vouchers" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "coupons_org" ON "coupons" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "download_tasks_user" ON "download_tasks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "top_ups_org" ON "top_ups" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "bills_org_cycle" ON "bills" USING btree ("org_id","billing_cycle","created_at");--> statement-breakpoint
CREATE INDEX "journal_entries_org_created" ON "journal_entries" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "journal_lines_entry" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_account" ON "journal_lines" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_org_kind" ON "ledger_accounts" USING btree ("org_id","kind") WHERE "ledger_accounts"."kind" in ('cash', 'credit');