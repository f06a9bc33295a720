CREATE TABLE "billing_policies" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_id" text NOT NULL,
	"frequency" text NOT NULL,
	"method" text NOT NULL,
	"cloud_env" text NOT NULL,
	"refund_reading" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_policies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"dimension" text NOT NULL,
	"model" text NOT NULL,
	"unit_price" bigint NOT NULL,
	"base_price" bigint DEFAULT 0 NOT NULL,
	"configuration_fee" bigint DEFAULT 0 NOT NULL,
	"discount_hundredths" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_prices_dimension" UNIQUE("product_id","dimension"),
	CONSTRAINT "product_price_non_negative" CHECK ("product_prices"."unit_price" >= 0 and "product_prices"."base_price" >= 0 and "product_prices"."configuration_fee" >= 0),
	CONSTRAINT "product_price_discount" CHECK ("product_prices"."discount_hundredths" is null or "product_prices"."discount_hundredths" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"category_id" text NOT NULL,
	"provider" text DEFAULT 'simulator' NOT NULL,
	"spec" jsonb NOT NULL,
	"prepaid_periods" integer[] NOT NULL,
	"postpaid" boolean DEFAULT false NOT NULL,
	"approval_flow" text DEFAULT 'none' NOT NULL,
	"billing_policy_ids" text[] NOT NULL,
	"listing_state" text DEFAULT 'pendingListing' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "billing_policies" ADD CONSTRAINT "billing_policies_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_category" ON "products" USING btree ("category_id");