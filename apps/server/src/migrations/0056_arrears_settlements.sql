CREATE TABLE "arrears_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"entry_id" bigint NOT NULL,
	"bill_no" text,
	"withdrawal_entry_id" bigint,
	"amount" bigint NOT NULL,
	"paid" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "arrears_settlement_positive" CHECK ("arrears_settlements"."amount" > 0),
	CONSTRAINT "arrears_settlement_one_origin" CHECK (("arrears_settlements"."bill_no" is null) <> ("arrears_settlements"."withdrawal_entry_id" is null))
);
--> statement-breakpoint
ALTER TABLE "arrears_settlements" ADD CONSTRAINT "arrears_settlements_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrears_settlements" ADD CONSTRAINT "arrears_settlements_withdrawal_entry_id_journal_entries_id_fk" FOREIGN KEY ("withdrawal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arrears_settlements_org_bill" ON "arrears_settlements" USING btree ("org_id","bill_no");--> statement-breakpoint
CREATE INDEX "arrears_settlements_entry" ON "arrears_settlements" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "bills_org_arrears" ON "bills" USING btree ("org_id","entry_id") WHERE "bills"."arrears_amount" > 0 and "bills"."type" = 'charge';