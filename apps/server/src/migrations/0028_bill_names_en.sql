ALTER TABLE "bills" ADD COLUMN "product_name_en" text;--> statement-breakpoint
-- Bills written before they carried an English name held the Chinese one only, which an English
-- reader then saw. Each gets the English name of what it named, as it was named then: its order's,
-- else its product's or package offer's; a renewal's line is the product's name, " · ", then the
-- resource's. What names data (an adjustment's reason, a resource's name) stays as typed.
UPDATE "bills" SET "product_name_en" = o."product_name_en"
  FROM "orders" o
  WHERE o."order_no" = "bills"."order_no" AND o."product_name_zh" = "bills"."product_name" AND "bills"."product_name_en" IS NULL;--> statement-breakpoint
UPDATE "bills" SET "product_name_en" = p."name_en"
  FROM "products" p
  WHERE p."code" = "bills"."product_code" AND p."name_zh" = "bills"."product_name" AND "bills"."product_name_en" IS NULL;--> statement-breakpoint
UPDATE "bills" SET "product_name_en" = p."name_en" || substr("bills"."product_name", length(p."name_zh") + 1)
  FROM "products" p
  WHERE p."code" = "bills"."product_code" AND left("bills"."product_name", length(p."name_zh") + 3) = p."name_zh" || ' · '
    AND "bills"."product_name_en" IS NULL;--> statement-breakpoint
UPDATE "bills" SET "product_name_en" = o."name_en"
  FROM "package_offers" o
  WHERE o."code" = "bills"."product_code" AND o."name_zh" = "bills"."product_name" AND "bills"."product_name_en" IS NULL;--> statement-breakpoint
UPDATE "bills" SET "product_name_en" = "product_name" WHERE "product_name_en" IS NULL;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "product_name_en" SET NOT NULL;
