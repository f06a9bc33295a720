CREATE TABLE "contracts" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"contract_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"credit_limit" bigint NOT NULL,
	"signed_on" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"discounts" jsonb NOT NULL,
	"status" text NOT NULL,
	"credit_applied" boolean DEFAULT false NOT NULL,
	"file_id" text NOT NULL,
	"terminated_at" timestamp with time zone,
	"termination_reason" text,
	"terminated_by" text,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contracts_contract_no_unique" UNIQUE("contract_no"),
	CONSTRAINT "contracts_end_not_before_start" CHECK ("contracts"."ends_at" >= "contracts"."starts_at"),
	CONSTRAINT "contracts_money_not_negative" CHECK ("contracts"."amount" >= 0 and "contracts"."credit_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_credit_within_limit";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "contract_credit_limit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_org_created" ON "contracts" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "contracts_active_ends" ON "contracts" USING btree ("status","ends_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_contract_credit_not_negative" CHECK ("ledger_accounts"."contract_credit_limit" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_credit_within_limit" CHECK ("ledger_accounts"."kind" <> 'credit' or ("ledger_accounts"."balance" <= 0 and "ledger_accounts"."balance" >= -greatest("ledger_accounts"."credit_limit", "ledger_accounts"."contract_credit_limit")));