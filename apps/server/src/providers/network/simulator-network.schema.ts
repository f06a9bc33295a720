// The simulated network service's own state: every object a tenant made on it (projects,
// networks, subnets, ports, routers, security groups and rules), kept in the database so a restart
// resumes where it was. One table: the simulator needs only what Neutron would answer.
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const simNetworkObjects = pgTable(
  "sim_network_objects",
  {
    ref: text("ref").primaryKey(),
    /** The project it belongs to (a project's own row names itself). */
    project: text("project").notNull(),
    kind: text("kind").$type<SimNetworkKind>().notNull(),
    /** The caller's client token: a create retried with it finds this row. */
    clientToken: text("client_token").unique(),
    /** The object it hangs from: a subnet's network, a port's subnet, a rule's group. */
    parentRef: text("parent_ref"),
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("sim_network_objects_parent").on(t.parentRef),
    index("sim_network_objects_project").on(t.project, t.kind),
  ],
);

export type SimNetworkKind =
  | "project"
  | "network"
  | "subnet"
  | "port"
  | "router"
  | "securityGroup"
  | "securityRule"
  | "hostGroups";
