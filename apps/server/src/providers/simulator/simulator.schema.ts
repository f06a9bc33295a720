// The simulator provider's own state: the machines it pretends to run, the metrics seed and the
// faults an operator armed. It lives in the database so a restart resumes where it was.
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const simInstances = pgTable(
  "sim_instances",
  {
    id: text("id").primaryKey(),
    /** The caller's idempotency key: creating twice with it returns the first instance. */
    clientToken: text("client_token").notNull().unique(),
    kind: text("kind").notNull(),
    spec: jsonb("spec").$type<Record<string, unknown>>().notNull(),
    /** The state it shows now, the state it reaches at `settlesAt`, and the error if it fails then. */
    state: text("state").notNull(),
    targetState: text("target_state").notNull(),
    settlesAt: ts("settles_at").notNull(),
    failure: text("failure"),
    /** The IPv4 address it was given at creation: a host's private one, an elastic IP's public one. */
    address: text("address"),
    createdAt: ts("created_at").notNull(),
    deletedAt: ts("deleted_at"),
  },
  (t) => [index("sim_instances_settles").on(t.settlesAt)],
);

/** A fault armed by an operator: the next `remaining` operations of that kind fail. */
export const simFaults = pgTable("sim_faults", {
  operation: text("operation").primaryKey(),
  remaining: integer("remaining").notNull(),
  message: text("message").notNull(),
  createdAt: ts("created_at").notNull(),
});
