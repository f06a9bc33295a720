DROP INDEX "ledger_accounts_org_kind";--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "arrears_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_org_kind" ON "ledger_accounts" USING btree ("org_id","kind") WHERE "ledger_accounts"."kind" in ('cash', 'credit', 'arrears');--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_arrears_not_positive" CHECK ("ledger_accounts"."kind" <> 'arrears' or "ledger_accounts"."balance" <= 0);--> statement-breakpoint
-- Refund bills written before this migration carry the money given back as positive amounts; the
-- money columns are signed as the money moved from now on (docs/billing/rules.md §11, "Bills").
UPDATE "bills" SET "cash_amount" = -"cash_amount", "credit_amount" = -"credit_amount", "voucher_amount" = -"voucher_amount" WHERE "type" = 'refund';
