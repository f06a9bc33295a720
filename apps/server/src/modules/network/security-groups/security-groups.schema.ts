// Security groups of a tenant, their rules and the hosts bound to them. Our rows are the record of
// what a tenant owns and of what the cloud does not keep (a rule's priority: Neutron's groups are
// allow-only and unordered, decision 0017); the cloud holds the groups themselves (`cloudRef`).
import type { NetworkObjectStatus, SecurityRuleDirection, SecurityRuleProtocol } from "@skyledger/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { organizations, projects } from "../../iam/iam.schema";
import { resources } from "../../resources/resources.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const securityGroups = pgTable(
  "security_groups",
  {
    /** Also the client token of its create on the cloud. */
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    /** The creator's project (data scope); null for the organisation's default group, seen by all. */
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    status: text("status").$type<NetworkObjectStatus>().notNull(),
    /** The cloud's reference, once it made the group. */
    cloudRef: text("cloud_ref"),
    createdBy: text("created_by"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("security_groups_org_name").on(t.orgId, sql`lower(${t.name})`),
    // One default group per organisation, however many requests race to make it.
    uniqueIndex("security_groups_org_default").on(t.orgId).where(sql`${t.isDefault}`),
    index("security_groups_org_created").on(t.orgId, t.createdAt),
  ],
);

export const securityGroupRules = pgTable(
  "security_group_rules",
  {
    id: text("id").primaryKey(),
    groupId: text("group_id")
      .notNull()
      .references(() => securityGroups.id, { onDelete: "cascade" }),
    orgId: text("org_id").notNull(),
    direction: text("direction").$type<SecurityRuleDirection>().notNull(),
    protocol: text("protocol").$type<SecurityRuleProtocol>().notNull(),
    /** Null for ICMP and any: every port. */
    portStart: integer("port_start"),
    portEnd: integer("port_end"),
    /** 1 to 100, 1 the highest: ours alone (the list's order), the cloud has none. */
    priority: integer("priority").notNull(),
    remoteCidr: text("remote_cidr"),
    /** Another group of the organisation; it cannot be deleted while a rule names it. */
    remoteGroupId: text("remote_group_id").references(() => securityGroups.id),
    status: text("status").$type<NetworkObjectStatus>().notNull(),
    cloudRef: text("cloud_ref"),
    createdBy: text("created_by"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("security_group_rules_group").on(t.groupId, t.priority),
    index("security_group_rules_remote").on(t.remoteGroupId),
  ],
);

export const securityGroupHosts = pgTable(
  "security_group_hosts",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => securityGroups.id),
    hostId: text("host_id")
      .notNull()
      .references(() => resources.id),
    orgId: text("org_id").notNull(),
    status: text("status").$type<NetworkObjectStatus>().notNull(),
    createdBy: text("created_by"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.hostId] }), index("security_group_hosts_host").on(t.hostId)],
);
