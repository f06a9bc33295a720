// Relational databases (issue 16 item 4): what a `resources` row of kind rds is on its database
// server — the engine, where to connect, the database and its login, and the login's password
// sealed under the installation's key (decision 0013). `simulated`: made on no real server.
import { RDS_ENGINES } from "@skyledger/contracts";
import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { resources } from "../resources/resources.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const rdsInstances = pgTable("rds_instances", {
  /** The subscription: the `resources` row (kind rds) this database is. */
  resourceId: text("resource_id")
    .primaryKey()
    .references(() => resources.id),
  engine: text("engine", { enum: RDS_ENGINES }).notNull(),
  simulated: boolean("simulated").notNull(),
  host: text("host").notNull(),
  port: integer("port").notNull(),
  databaseName: text("database_name").notNull(),
  username: text("username").notNull(),
  /** Sealed (platform/secrets.ts); opened only to be shown once, right after a reset. */
  passwordSealed: text("password_sealed").notNull(),
  /** False while the resource is frozen: the login is locked on the server (rds-sweep.ts). */
  loginEnabled: boolean("login_enabled").notNull().default(true),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
  /** When the database and its login were dropped on the server (the release). */
  droppedAt: ts("dropped_at"),
});
export type RdsInstanceRow = typeof rdsInstances.$inferSelect;
