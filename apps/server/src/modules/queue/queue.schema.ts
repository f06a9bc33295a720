// The message-queue service (issue 16 item 6): what a `resources` row of kind queue is on the
// provider's RabbitMQ — where to connect, its user and virtual host, the user's password sealed
// under the installation's key (decision 0013), the plan's limits set on the vhost, and whether the
// user currently holds its permissions (decision 0024). `simulated`: made on no real server.
import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { managedInstanceColumns } from "../resources/resources.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const queueInstances = pgTable("queue_instances", {
  /** The subscription: the `resources` row (kind queue) this instance is, and where to connect. */
  ...managedInstanceColumns(),
  vhost: text("vhost").notNull(),
  /** Sealed (platform/secrets.ts); opened only to be shown once, right after a reset. */
  passwordSealed: text("password_sealed").notNull(),
  /** The plan chosen and its limits, as set on the vhost (`max-queues`, `max-connections`). */
  planId: text("plan_id").notNull(),
  maxQueues: integer("max_queues").notNull(),
  maxConnections: integer("max_connections").notNull(),
  /** The access last applied on the server: permissions on its vhost (false while frozen). */
  enabled: boolean("enabled").notNull().default(true),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
  /** When the vhost and the user were removed from the server (the release). */
  droppedAt: ts("dropped_at"),
});
export type QueueInstanceRow = typeof queueInstances.$inferSelect;
