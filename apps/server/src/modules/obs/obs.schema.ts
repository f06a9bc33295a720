// Object storage (issue 16 item 1): what a `resources` row of kind bucket is in the object store —
// its S3 name (unique among live buckets), class, access, where tools reach it, and the hour up to
// which its usage was charged (the rating mark, moved under this row's lock); the organisation's
// S3 access keys (ids only: a secret is shown once and never stored); and one line per accounting
// run of a bucket with the usage it charged and the bill it went on.
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const obsBuckets = pgTable(
  "obs_buckets",
  {
    resourceId: text("resource_id").primaryKey(),
    orgId: text("org_id").notNull(),
    bucketName: text("bucket_name").notNull(),
    storageClass: text("storage_class").notNull(),
    acl: text("acl").notNull(),
    /** Made in no real object store (the embedded default). */
    simulated: boolean("simulated").notNull(),
    endpoint: text("endpoint").notNull(),
    region: text("region").notNull(),
    /** Usage is charged up to here (a whole hour); the first run starts at the hour it was made in. */
    ratedUntil: ts("rated_until").notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    /** When the bucket was emptied and deleted in the store (the release). */
    droppedAt: ts("dropped_at"),
  },
  (t) => [
    uniqueIndex("obs_buckets_live_name").on(t.bucketName).where(sql`${t.droppedAt} is null`),
    index("obs_buckets_org").on(t.orgId),
  ],
);
export type ObsBucketRow = typeof obsBuckets.$inferSelect;

export const obsAccessKeys = pgTable(
  "obs_access_keys",
  {
    accessKeyId: text("access_key_id").primaryKey(),
    orgId: text("org_id").notNull(),
    description: text("description").notNull(),
    /** The user who made it (null once that user is gone). */
    createdBy: text("created_by"),
    createdAt: ts("created_at").notNull(),
    deletedAt: ts("deleted_at"),
  },
  (t) => [index("obs_access_keys_org").on(t.orgId)],
);
export type ObsAccessKeyRow = typeof obsAccessKeys.$inferSelect;

export const obsUsageLines = pgTable(
  "obs_usage_lines",
  {
    id: text("id").primaryKey(),
    resourceId: text("resource_id").notNull(),
    orgId: text("org_id").notNull(),
    usageStart: ts("usage_start").notNull(),
    usageEnd: ts("usage_end").notNull(),
    hours: integer("hours").notNull(),
    /** Stored bytes and objects as measured by the run (applied to all its hours). */
    bytes: bigint("bytes", { mode: "bigint" }).notNull(),
    objects: bigint("objects", { mode: "number" }).notNull(),
    requests: bigint("requests", { mode: "bigint" }).notNull(),
    /** 0.00001-yuan units, after the discount. */
    storageAmount: bigint("storage_amount", { mode: "bigint" }).notNull(),
    requestAmount: bigint("request_amount", { mode: "bigint" }).notNull(),
    /** The bill the amount went on; null when the run charged nothing. */
    billNo: text("bill_no"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("obs_usage_lines_resource").on(t.resourceId, t.usageStart)],
);
export type ObsUsageLineRow = typeof obsUsageLines.$inferSelect;
