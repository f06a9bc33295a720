CREATE TABLE "package_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"kind" text NOT NULL,
	"discount_hundredths" integer,
	"product_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_code" text,
	"dimension" text,
	"unit_hours" bigint,
	"validity_months" integer NOT NULL,
	"price" bigint NOT NULL,
	"listing_state" text DEFAULT 'pendingListing' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "package_offers_code_unique" UNIQUE("code"),
	CONSTRAINT "package_offers_kind" CHECK (("package_offers"."kind" = 'discount' and "package_offers"."discount_hundredths" between 0 and 100) or ("package_offers"."kind" = 'resource' and "package_offers"."unit_hours" > 0 and "package_offers"."product_code" is not null and "package_offers"."dimension" is not null))
);
--> statement-breakpoint
CREATE TABLE "package_usages" (
	"id" text PRIMARY KEY NOT NULL,
	"package_id" text NOT NULL,
	"org_id" text NOT NULL,
	"resource_id" text NOT NULL,
	"resource_name" text NOT NULL,
	"hours" integer NOT NULL,
	"unit_hours" bigint NOT NULL,
	"usage_start" timestamp with time zone NOT NULL,
	"usage_end" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"offer_code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"kind" text NOT NULL,
	"discount_hundredths" integer,
	"product_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_code" text,
	"dimension" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"total_unit_hours" bigint DEFAULT 0 NOT NULL,
	"remaining_unit_hours" bigint DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"charges" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tenant_packages_remaining" CHECK ("tenant_packages"."remaining_unit_hours" >= 0)
);
--> statement-breakpoint
ALTER TABLE "package_usages" ADD CONSTRAINT "package_usages_package_id_tenant_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."tenant_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_packages" ADD CONSTRAINT "tenant_packages_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_packages" ADD CONSTRAINT "tenant_packages_offer_id_package_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."package_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_usages_package" ON "package_usages" USING btree ("package_id","at");--> statement-breakpoint
CREATE INDEX "tenant_packages_org" ON "tenant_packages" USING btree ("org_id","kind","status");