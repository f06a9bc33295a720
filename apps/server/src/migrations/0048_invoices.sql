CREATE TABLE "invoice_addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"recipient" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_request_items" (
	"request_id" text NOT NULL,
	"item_key" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "invoice_request_items_request_id_item_key_pk" PRIMARY KEY("request_id","item_key"),
	CONSTRAINT "invoice_request_item_amount_positive" CHECK ("invoice_request_items"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"request_no" text NOT NULL,
	"org_id" text NOT NULL,
	"state" text NOT NULL,
	"amount" bigint NOT NULL,
	"medium" text NOT NULL,
	"title" jsonb NOT NULL,
	"address" jsonb,
	"remark" text DEFAULT '' NOT NULL,
	"pdf_file_id" text,
	"invoice_number" text,
	"tracking_number" text,
	"reject_reason" text,
	"requested_by" text,
	"decided_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "invoice_requests_request_no_unique" UNIQUE("request_no"),
	CONSTRAINT "invoice_request_amount_positive" CHECK ("invoice_requests"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_titles" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"tax_number" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"registered_address" text DEFAULT '' NOT NULL,
	"registered_phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_addresses" ADD CONSTRAINT "invoice_addresses_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_request_items" ADD CONSTRAINT "invoice_request_items_request_id_invoice_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."invoice_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_titles" ADD CONSTRAINT "invoice_titles_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_addresses_org" ON "invoice_addresses" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_requests_org" ON "invoice_requests" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_requests_state" ON "invoice_requests" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "invoice_titles_org" ON "invoice_titles" USING btree ("org_id","created_at");