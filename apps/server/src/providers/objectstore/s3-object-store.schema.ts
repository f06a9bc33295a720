// What the S3 object store (decision 0026) keeps of its own: each organisation's account on the
// store — its Keystone project and user, and the EC2 credential the console itself signs with
// (secret sealed under the installation's key, decision 0013) — and the requests counted per
// bucket and hour from the store's access log.
import { bigint, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const obsStoreAccounts = pgTable("obs_store_accounts", {
  orgId: text("org_id").primaryKey(),
  projectId: text("project_id").notNull(),
  userId: text("user_id").notNull(),
  /** The console's own credential in the organisation's project (tenants' keys are apart). */
  accessKeyId: text("access_key_id").notNull(),
  secretSealed: text("secret_sealed").notNull(),
  createdAt: ts("created_at").notNull(),
});
export type ObsStoreAccountRow = typeof obsStoreAccounts.$inferSelect;

export const obsRequestCounts = pgTable(
  "obs_request_counts",
  {
    /** Bucket names are one namespace on the platform, so the name alone names the bucket. */
    bucketName: text("bucket_name").notNull(),
    /** The whole hour (UTC) the requests were served in. */
    hour: ts("hour").notNull(),
    requests: bigint("requests", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucketName, t.hour] })],
);
