ALTER TABLE "journal_entries" ADD COLUMN "memo_key" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "memo_params" jsonb;--> statement-breakpoint
-- Entries written before keys existed carry an English sentence; each is turned into its key and
-- parameters so that a Chinese console no longer shows it. Operators' own remarks (adjustments,
-- manual recharges, numbered M…) stay as typed.
UPDATE "journal_entries" SET "memo_key" = 'order' || initcap(m[2]), "memo_params" = jsonb_build_object('orderNo', m[1]), "memo" = NULL
  FROM (SELECT id AS eid, regexp_match(memo, '^order (\S+) (closed|expired|withdrawn|rejected)$') AS m FROM "journal_entries") x
  WHERE "journal_entries"."id" = x.eid AND x.m IS NOT NULL AND "memo_key" IS NULL;--> statement-breakpoint
UPDATE "journal_entries" SET "memo_key" = 'orderCharged', "memo_params" = jsonb_build_object('orderNo', m[1]), "memo" = NULL
  FROM (SELECT id AS eid, regexp_match(memo, '^order (\S+)$') AS m FROM "journal_entries") x
  WHERE "journal_entries"."id" = x.eid AND x.m IS NOT NULL AND "memo_key" IS NULL;--> statement-breakpoint
UPDATE "journal_entries" SET "memo_key" = 'provisioningFailed', "memo_params" = jsonb_build_object('orderNo', m[1]), "memo" = NULL
  FROM (SELECT id AS eid, regexp_match(memo, '^provisioning of (\S+) failed$') AS m FROM "journal_entries") x
  WHERE "journal_entries"."id" = x.eid AND x.m IS NOT NULL AND "memo_key" IS NULL;--> statement-breakpoint
UPDATE "journal_entries" SET "memo_key" = 'topUp' || initcap(m[1]), "memo_params" = jsonb_build_object('tradeNo', m[2]), "memo" = NULL
  FROM (SELECT id AS eid, regexp_match(memo, '^(sandbox|alipay|unionpay) (\S+)$') AS m FROM "journal_entries") x
  WHERE "journal_entries"."id" = x.eid AND x.m IS NOT NULL AND "memo_key" IS NULL AND "kind" = 'topup' AND "reference_id" NOT LIKE 'M%';--> statement-breakpoint
UPDATE "journal_entries" SET "memo_key" = 'voucher' || initcap(m[1]), "memo_params" = jsonb_build_object('code', m[2]), "memo" = NULL
  FROM (SELECT id AS eid, regexp_match(memo, '^(deduction|topup) voucher (\S+)$') AS m FROM "journal_entries") x
  WHERE "journal_entries"."id" = x.eid AND x.m IS NOT NULL AND "memo_key" IS NULL;--> statement-breakpoint
UPDATE "journal_entries" SET "memo_key" = 'arrearsSettled', "memo_params" = '{}'::jsonb, "memo" = NULL
  WHERE "memo" = 'arrears settled' AND "kind" <> 'adjustment' AND "memo_key" IS NULL;--> statement-breakpoint
UPDATE "journal_entries" SET "memo_key" = 'renewal', "memo_params" = jsonb_build_object('name', m[1], 'months', m[2]), "memo" = NULL
  FROM (SELECT id AS eid, regexp_match(memo, '^renew (.+) (\d+) months$') AS m FROM "journal_entries") x
  WHERE "journal_entries"."id" = x.eid AND x.m IS NOT NULL AND "memo_key" IS NULL AND "kind" <> 'adjustment';--> statement-breakpoint
UPDATE "journal_entries" SET "memo_key" = 'configurationChange', "memo_params" = jsonb_build_object('name', m[1]), "memo" = NULL
  FROM (SELECT id AS eid, regexp_match(memo, '^configuration change of (.+)$') AS m FROM "journal_entries") x
  WHERE "journal_entries"."id" = x.eid AND x.m IS NOT NULL AND "memo_key" IS NULL AND "kind" <> 'adjustment';--> statement-breakpoint
UPDATE "journal_entries" SET "memo_key" = 'overdueDays', "memo_params" = jsonb_build_object('name', m[1]), "memo" = NULL
  FROM (SELECT id AS eid, regexp_match(memo, '^overdue days of (.+)$') AS m FROM "journal_entries") x
  WHERE "journal_entries"."id" = x.eid AND x.m IS NOT NULL AND "memo_key" IS NULL AND "kind" <> 'adjustment';--> statement-breakpoint
UPDATE "journal_entries" SET "memo_key" = 'unsubscribe', "memo_params" = jsonb_build_object('name', m[1]), "memo" = NULL
  FROM (SELECT id AS eid, regexp_match(memo, '^unsubscribe (.+)$') AS m FROM "journal_entries") x
  WHERE "journal_entries"."id" = x.eid AND x.m IS NOT NULL AND "memo_key" IS NULL AND "kind" <> 'adjustment';--> statement-breakpoint
UPDATE "journal_entries" SET "memo_key" = 'postpaidHoursWithPackages', "memo_params" = jsonb_build_object('name', m[1], 'hours', m[2], 'covered', m[3]), "memo" = NULL
  FROM (SELECT id AS eid, regexp_match(memo, '^postpaid (.+) (\d+) h \((\d+) h from packages\)$') AS m FROM "journal_entries") x
  WHERE "journal_entries"."id" = x.eid AND x.m IS NOT NULL AND "memo_key" IS NULL AND "kind" <> 'adjustment';--> statement-breakpoint
UPDATE "journal_entries" SET "memo_key" = 'postpaidHours', "memo_params" = jsonb_build_object('name', m[1], 'hours', m[2]), "memo" = NULL
  FROM (SELECT id AS eid, regexp_match(memo, '^postpaid (.+) (\d+) h$') AS m FROM "journal_entries") x
  WHERE "journal_entries"."id" = x.eid AND x.m IS NOT NULL AND "memo_key" IS NULL AND "kind" <> 'adjustment';--> statement-breakpoint
UPDATE "journal_entries" SET "memo_key" = 'package' || initcap(m[1]),
    "memo_params" = jsonb_build_object('offerZh', coalesce(o.name_zh, m[2]), 'offerEn', coalesce(o.name_en, m[2]), 'quantity', m[3]), "memo" = NULL
  FROM (SELECT id AS eid, regexp_match(memo, '^package (purchase|renewal) (\S+) × (\d+)$') AS m FROM "journal_entries") x
  LEFT JOIN "package_offers" o ON o.code = x.m[2]
  WHERE "journal_entries"."id" = x.eid AND x.m IS NOT NULL AND "journal_entries"."memo_key" IS NULL
    AND "journal_entries"."kind" <> 'adjustment';
