ALTER TABLE "balance_adjustments" ADD COLUMN "adjustment_no" text;--> statement-breakpoint
-- Adjustments made before numbers existed get one like a new adjustment's: ADJ, the local time of
-- their creation (the default business time zone) and six digits, here their order within that second.
UPDATE "balance_adjustments" SET "adjustment_no" = x.no
  FROM (SELECT id AS aid, 'ADJ' || to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDDHH24MISS')
          || lpad((row_number() OVER (PARTITION BY date_trunc('second', created_at) ORDER BY created_at, id))::text, 6, '0') AS no
        FROM "balance_adjustments") x
  WHERE "balance_adjustments"."id" = x.aid AND "balance_adjustments"."adjustment_no" IS NULL;--> statement-breakpoint
-- The account details quote an adjustment by its number, as they quote top-ups and orders.
UPDATE "journal_entries" SET "reference_id" = a."adjustment_no"
  FROM "balance_adjustments" a
  WHERE "journal_entries"."reference_type" = 'balance_adjustment' AND "journal_entries"."reference_id" = a."id";--> statement-breakpoint
ALTER TABLE "balance_adjustments" ALTER COLUMN "adjustment_no" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_adjustment_no_unique" UNIQUE("adjustment_no");--> statement-breakpoint
-- An adjustment's bill owes nothing: a credit was shown as an amount due. Its money stays in
-- adjustment_amount, signed as it moved.
UPDATE "bills" SET "actual_amount" = 0 WHERE "type" = 'adjustment';
