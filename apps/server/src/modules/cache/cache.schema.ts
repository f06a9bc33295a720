// The cache service (issue 16 item 5): what a `resources` row of kind cache is on the provider's
// Redis — where to connect, its ACL user and key prefix, the user's password sealed under the
// installation's key (decision 0013), its plan's bytes and what the sweep last measured and
// applied (decision 0021). `simulated`: made on no real server.
import { bigint, boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { managedInstanceColumns } from "../resources/resources.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const cacheInstances = pgTable("cache_instances", {
  /** The subscription: the `resources` row (kind cache) this instance is, and where to connect. */
  ...managedInstanceColumns(),
  keyPrefix: text("key_prefix").notNull(),
  /** Sealed (platform/secrets.ts); opened only to be shown once, right after a reset. */
  passwordSealed: text("password_sealed").notNull(),
  /** The plan's memory in bytes: over it, the sweep pauses the user's writes. */
  planBytes: bigint("plan_bytes", { mode: "number" }).notNull(),
  /** What the instance's keys took at the last sweep (`measuredAt`). */
  usedBytes: bigint("used_bytes", { mode: "number" }).notNull().default(0),
  measuredAt: ts("measured_at"),
  /** The access last applied on the server: logins allowed (not frozen), writes paused (over plan). */
  enabled: boolean("enabled").notNull().default(true),
  writesPaused: boolean("writes_paused").notNull().default(false),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
  /** When the user and its keys were removed from the server (the release). */
  droppedAt: ts("dropped_at"),
});
export type CacheInstanceRow = typeof cacheInstances.$inferSelect;
