// The simulated object store's state (providers/objectstore/simulated-object-store.ts): its
// buckets, the metadata of their objects (the bytes are in the blob store under `blob_key`), the
// requests each bucket served per hour (request billing reads them), and the access keys it
// issued. In the database so that every instance of the console sees one store.
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const simObsBuckets = pgTable("sim_obs_buckets", {
  /** S3's bucket names are one namespace across the store. */
  name: text("name").primaryKey(),
  orgId: text("org_id").notNull(),
  acl: text("acl").notNull(),
  storageClass: text("storage_class").notNull(),
  createdAt: ts("created_at").notNull(),
});

export const simObsObjects = pgTable(
  "sim_obs_objects",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    /** The MD5 of the bytes in hex, as S3 answers for a single-part upload. */
    etag: text("etag").notNull(),
    contentType: text("content_type").notNull(),
    lastModified: ts("last_modified").notNull(),
    blobKey: text("blob_key").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);

/** Requests served per bucket and hour (the hour's start, UTC). */
export const simObsRequests = pgTable(
  "sim_obs_requests",
  {
    bucket: text("bucket").notNull(),
    hour: ts("hour").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.hour] }), index("sim_obs_requests_hour").on(t.hour)],
);

/** Keys the simulator issued (it serves no S3 API, so nothing signs with them; the secret is not kept). */
export const simObsKeys = pgTable("sim_obs_keys", {
  accessKeyId: text("access_key_id").primaryKey(),
  orgId: text("org_id").notNull(),
  createdAt: ts("created_at").notNull(),
});

export type SimObsObjectRow = typeof simObsObjects.$inferSelect;
