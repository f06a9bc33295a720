// Our record of a tenant's VPCs, subnets, routers, router interfaces and static routes: what the
// tenant owns, who made it and the spec §5 rules are checked against these rows; the cloud holds
// the objects themselves (`cloud_ref`). A row is `creating` from the moment it is claimed until the
// cloud has made the object, and `deleting` while the cloud removes it, so that a concurrent change
// counts it (two overlapping subnets cannot both be claimed).

import type { NetworkStatus } from "@skyledger/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { organizations, projects } from "../iam/iam.schema";

/**
 * When the delete now `deleting` the row was claimed (null otherwise): a row left `deleting` by a
 * stop can be deleted again once that is long past (stuck-rows.ts), and not while a delete runs.
 */
const deletingSince = () => timestamp("deleting_since", { withTimezone: true, mode: "date" });

export const vpcs = pgTable(
  "network_vpcs",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    /** The creator's IAM project; a non-shared VPC is seen by the members of this project. */
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    cidr: text("cidr").notNull(),
    /** Shared: every project of the organisation sees it; only its creator changes it (spec §6). */
    shared: boolean("shared").notNull(),
    status: text("status").$type<NetworkStatus>().notNull(),
    /** The organisation's project on the cloud, and the network made there. */
    cloudProject: text("cloud_project"),
    cloudRef: text("cloud_ref"),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    deletingSince: deletingSince(),
  },
  (t) => [
    uniqueIndex("network_vpcs_org_name").on(t.orgId, sql`lower(${t.name})`),
    index("network_vpcs_org_created").on(t.orgId, t.createdAt),
  ],
);

/** The columns every object of a VPC ends with: its state, the cloud's ref, who made it and when. */
const madeInVpc = () => ({
  status: text("status").$type<NetworkStatus>().notNull(),
  cloudRef: text("cloud_ref"),
  createdBy: text("created_by"),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  deletingSince: deletingSince(),
});

export const subnets = pgTable(
  "network_subnets",
  {
    id: text("id").primaryKey(),
    vpcId: text("vpc_id")
      .notNull()
      .references(() => vpcs.id),
    name: text("name").notNull(),
    cidr: text("cidr").notNull(),
    /** As asked (null: the cloud's first address) until the cloud answers the one it took. */
    gatewayIp: text("gateway_ip"),
    dhcp: boolean("dhcp").notNull(),
    dnsServers: jsonb("dns_servers").$type<string[]>().notNull(),
    ...madeInVpc(),
  },
  (t) => [
    uniqueIndex("network_subnets_vpc_name").on(t.vpcId, sql`lower(${t.name})`),
    index("network_subnets_vpc").on(t.vpcId, t.createdAt),
  ],
);

export const routers = pgTable(
  "network_routers",
  {
    id: text("id").primaryKey(),
    vpcId: text("vpc_id")
      .notNull()
      .references(() => vpcs.id),
    name: text("name").notNull(),
    externalGateway: boolean("external_gateway").notNull(),
    ...madeInVpc(),
  },
  (t) => [
    uniqueIndex("network_routers_vpc_name").on(t.vpcId, sql`lower(${t.name})`),
    index("network_routers_vpc").on(t.vpcId, t.createdAt),
  ],
);

/** A subnet joined to a router. */
export const routerInterfaces = pgTable(
  "network_router_interfaces",
  {
    routerId: text("router_id")
      .notNull()
      .references(() => routers.id),
    subnetId: text("subnet_id")
      .notNull()
      .references(() => subnets.id),
    status: text("status").$type<NetworkStatus>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.routerId, t.subnetId] }),
    index("network_router_interfaces_subnet").on(t.subnetId),
  ],
);

export const staticRoutes = pgTable(
  "network_routes",
  {
    id: text("id").primaryKey(),
    routerId: text("router_id")
      .notNull()
      .references(() => routers.id),
    destination: text("destination").notNull(),
    nexthop: text("nexthop").notNull(),
    status: text("status").$type<NetworkStatus>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("network_routes_router").on(t.routerId, t.createdAt)],
);
