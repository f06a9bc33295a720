// The security groups' SQL, every query scoped by organisation; each function takes the caller's
// transaction first.
import { HOST_AT_REST_STATUSES } from "@skyledger/contracts";
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  notExists,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../../platform/db/client";
import { containsPattern } from "../../../platform/db/like";
import { type DataScope, scopeCondition } from "../../iam/data-scope";
import { organizations, projects } from "../../iam/iam.schema";
import { resources } from "../../resources/resources.schema";
import { securityGroupHosts, securityGroupRules, securityGroups } from "./security-groups.schema";

export type SecurityGroupRow = typeof securityGroups.$inferSelect;
export type SecurityRuleRow = typeof securityGroupRules.$inferSelect;
export type GroupListRow = SecurityGroupRow & {
  projectName: string | null;
  ruleCount: number;
  hostCount: number;
};

const groupColumns = {
  id: securityGroups.id,
  orgId: securityGroups.orgId,
  projectId: securityGroups.projectId,
  name: securityGroups.name,
  description: securityGroups.description,
  isDefault: securityGroups.isDefault,
  status: securityGroups.status,
  cloudRef: securityGroups.cloudRef,
  createdBy: securityGroups.createdBy,
  createdAt: securityGroups.createdAt,
  projectName: projects.name,
  ruleCount: sql<number>`(select count(*)::int from security_group_rules r where r.group_id = ${securityGroups.id})`,
  hostCount: sql<number>`(
    select count(*)::int from security_group_hosts h join resources r on r.id = h.host_id
    where h.group_id = ${securityGroups.id} and r.deleted_at is null
  )`,
};

/**
 * The groups the caller sees: those of their projects (all of the organisation for its
 * administrators), and the organisation's default group, which belongs to no project.
 */
export function visibleGroups(orgId: string, scope: DataScope): SQL {
  const scoped = scopeCondition(scope, { orgId: securityGroups.orgId, projectId: securityGroups.projectId });
  return and(
    eq(securityGroups.orgId, orgId),
    scoped ? or(scoped, eq(securityGroups.isDefault, true)) : undefined,
  ) as SQL;
}

function listWhere(visible: SQL, keyword: string | undefined) {
  return keyword ? and(visible, ilike(securityGroups.name, containsPattern(keyword))) : visible;
}

export function listGroups(tx: Tx, visible: SQL, keyword: string | undefined, limit: number, offset: number) {
  return tx
    .select(groupColumns)
    .from(securityGroups)
    .leftJoin(projects, eq(projects.id, securityGroups.projectId))
    .where(listWhere(visible, keyword))
    .orderBy(desc(securityGroups.isDefault), desc(securityGroups.createdAt), securityGroups.id)
    .limit(limit)
    .offset(offset);
}

export function countGroups(tx: Tx, visible: SQL, keyword: string | undefined) {
  return tx.select({ n: count() }).from(securityGroups).where(listWhere(visible, keyword));
}

export async function findGroup(tx: Tx, visible: SQL, id: string): Promise<GroupListRow | undefined> {
  const [row] = await tx
    .select(groupColumns)
    .from(securityGroups)
    .leftJoin(projects, eq(projects.id, securityGroups.projectId))
    .where(and(visible, eq(securityGroups.id, id)));
  return row;
}

/** The organisation's groups among these ids, by name. */
export function groupsByIds(tx: Tx, orgId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: securityGroups.id,
      name: securityGroups.name,
      status: securityGroups.status,
      cloudRef: securityGroups.cloudRef,
    })
    .from(securityGroups)
    .where(and(eq(securityGroups.orgId, orgId), inArray(securityGroups.id, ids)))
    .orderBy(asc(securityGroups.name));
}

export async function findDefaultGroup(tx: Tx, orgId: string): Promise<SecurityGroupRow | undefined> {
  const [row] = await tx
    .select()
    .from(securityGroups)
    .where(and(eq(securityGroups.orgId, orgId), eq(securityGroups.isDefault, true)));
  return row;
}

export async function orgNameOf(tx: Tx, orgId: string): Promise<string> {
  const [row] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.name ?? orgId;
}

export async function groupNameTaken(tx: Tx, orgId: string, name: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: securityGroups.id })
    .from(securityGroups)
    .where(and(eq(securityGroups.orgId, orgId), sql`lower(${securityGroups.name}) = lower(${name})`));
  return row !== undefined;
}

/** Undefined when the name (or the default group) was taken meanwhile: a unique index decides a race. */
export async function insertGroup(tx: Tx, row: typeof securityGroups.$inferInsert) {
  const [inserted] = await tx.insert(securityGroups).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Moves a group from one state to another; false when it was not in `from` (another change won). */
export async function moveGroup(
  tx: Tx,
  id: string,
  from: SecurityGroupRow["status"],
  change: Partial<Pick<SecurityGroupRow, "status" | "cloudRef">>,
): Promise<boolean> {
  const rows = await tx
    .update(securityGroups)
    .set(change)
    .where(and(eq(securityGroups.id, id), eq(securityGroups.status, from)))
    .returning({ id: securityGroups.id });
  return rows.length > 0;
}

export async function deleteGroupRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(securityGroups).where(eq(securityGroups.id, id));
}

const remote = alias(securityGroups, "remote");

export function listRules(tx: Tx, groupId: string) {
  return tx
    .select({ rule: securityGroupRules, remoteGroupName: remote.name })
    .from(securityGroupRules)
    .leftJoin(remote, eq(remote.id, securityGroupRules.remoteGroupId))
    .where(eq(securityGroupRules.groupId, groupId))
    .orderBy(asc(securityGroupRules.priority), asc(securityGroupRules.createdAt), securityGroupRules.id);
}

export async function findRule(
  tx: Tx,
  groupId: string,
  ruleId: string,
): Promise<SecurityRuleRow | undefined> {
  const [row] = await tx
    .select()
    .from(securityGroupRules)
    .where(and(eq(securityGroupRules.groupId, groupId), eq(securityGroupRules.id, ruleId)));
  return row;
}

/** Serialises rule changes of one group until the transaction ends (the duplicate check needs it). */
export async function lockGroup(tx: Tx, groupId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`security_group:${groupId}`}))`);
}

type RuleMatch = Pick<
  SecurityRuleRow,
  "direction" | "protocol" | "portStart" | "portEnd" | "remoteCidr" | "remoteGroupId"
>;

/** The group's rule that lets through exactly the same traffic, whatever its priority. */
export async function findSameRule(
  tx: Tx,
  groupId: string,
  r: RuleMatch,
): Promise<SecurityRuleRow | undefined> {
  const same = <T>(column: Parameters<typeof eq>[0], value: T | null) =>
    value === null ? isNull(column) : eq(column, value);
  const [row] = await tx
    .select()
    .from(securityGroupRules)
    .where(
      and(
        eq(securityGroupRules.groupId, groupId),
        eq(securityGroupRules.direction, r.direction),
        eq(securityGroupRules.protocol, r.protocol),
        same(securityGroupRules.portStart, r.portStart),
        same(securityGroupRules.portEnd, r.portEnd),
        same(securityGroupRules.remoteCidr, r.remoteCidr),
        same(securityGroupRules.remoteGroupId, r.remoteGroupId),
      ),
    );
  return row;
}

export async function insertRule(tx: Tx, row: typeof securityGroupRules.$inferInsert): Promise<void> {
  await tx.insert(securityGroupRules).values(row);
}

export async function moveRule(
  tx: Tx,
  id: string,
  from: SecurityRuleRow["status"],
  change: Partial<Pick<SecurityRuleRow, "status" | "cloudRef">>,
): Promise<boolean> {
  const rows = await tx
    .update(securityGroupRules)
    .set(change)
    .where(and(eq(securityGroupRules.id, id), eq(securityGroupRules.status, from)))
    .returning({ id: securityGroupRules.id });
  return rows.length > 0;
}

export async function deleteRuleRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(securityGroupRules).where(eq(securityGroupRules.id, id));
}

/** The names of the live hosts bound to the group (what keeps it from being deleted). */
export async function boundHostNames(tx: Tx, groupId: string): Promise<string[]> {
  const rows = await tx
    .select({ name: resources.name })
    .from(securityGroupHosts)
    .innerJoin(resources, eq(resources.id, securityGroupHosts.hostId))
    .where(and(eq(securityGroupHosts.groupId, groupId), isNull(resources.deletedAt)))
    .orderBy(resources.name);
  return rows.map((r) => r.name);
}

/**
 * The bindings of hosts released since they were bound: they no longer hold the group, and go
 * with it when it is deleted.
 */
export function releasedHostBindings(tx: Tx, groupId: string) {
  return tx
    .select({ hostId: resources.id, providerRef: resources.providerRef })
    .from(securityGroupHosts)
    .innerJoin(resources, eq(resources.id, securityGroupHosts.hostId))
    .where(and(eq(securityGroupHosts.groupId, groupId), isNotNull(resources.deletedAt)));
}

export async function deleteGroupBindings(tx: Tx, groupId: string): Promise<void> {
  await tx.delete(securityGroupHosts).where(eq(securityGroupHosts.groupId, groupId));
}

/** The names of the other groups whose rules name this one as their authorised object. */
export async function referencingGroupNames(tx: Tx, groupId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ name: securityGroups.name })
    .from(securityGroupRules)
    .innerJoin(securityGroups, eq(securityGroups.id, securityGroupRules.groupId))
    .where(and(eq(securityGroupRules.remoteGroupId, groupId), ne(securityGroupRules.groupId, groupId)))
    .orderBy(securityGroups.name);
  return rows.map((r) => r.name);
}

const hostColumns = {
  hostId: resources.id,
  name: resources.name,
  status: resources.status,
  ipAddress: resources.ipAddress,
  boundAt: securityGroupHosts.createdAt,
  bindingStatus: securityGroupHosts.status,
};

function boundWhere(groupId: string, keyword: string | undefined) {
  const bound = and(eq(securityGroupHosts.groupId, groupId), isNull(resources.deletedAt));
  return keyword ? and(bound, ilike(resources.name, containsPattern(keyword))) : bound;
}

export function listBoundHosts(
  tx: Tx,
  groupId: string,
  keyword: string | undefined,
  limit: number,
  offset: number,
) {
  return tx
    .select(hostColumns)
    .from(securityGroupHosts)
    .innerJoin(resources, eq(resources.id, securityGroupHosts.hostId))
    .where(boundWhere(groupId, keyword))
    .orderBy(desc(securityGroupHosts.createdAt), resources.id)
    .limit(limit)
    .offset(offset);
}

export function countBoundHosts(tx: Tx, groupId: string, keyword: string | undefined) {
  return tx
    .select({ n: count() })
    .from(securityGroupHosts)
    .innerJoin(resources, eq(resources.id, securityGroupHosts.hostId))
    .where(boundWhere(groupId, keyword));
}

/** The caller's hosts at rest (running or stopped) not bound to the group, by name. */
export function bindableHosts(tx: Tx, orgId: string, scope: DataScope, groupId: string) {
  return tx
    .select({
      hostId: resources.id,
      name: resources.name,
      status: resources.status,
      ipAddress: resources.ipAddress,
    })
    .from(resources)
    .where(
      and(
        eq(resources.orgId, orgId),
        scopeCondition(scope, { orgId: resources.orgId, projectId: resources.projectId }),
        eq(resources.kind, "host"),
        isNull(resources.deletedAt),
        inArray(resources.status, [...HOST_AT_REST_STATUSES]),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(securityGroupHosts)
            .where(and(eq(securityGroupHosts.hostId, resources.id), eq(securityGroupHosts.groupId, groupId))),
        ),
      ),
    )
    .orderBy(resources.name)
    .limit(500);
}

/** A host of the organisation within the caller's scope, not deleted. */
export async function findScopedHost(tx: Tx, orgId: string, scope: DataScope, hostId: string) {
  const [row] = await tx
    .select({
      id: resources.id,
      name: resources.name,
      status: resources.status,
      providerRef: resources.providerRef,
      ipAddress: resources.ipAddress,
      spec: resources.spec,
    })
    .from(resources)
    .where(
      and(
        eq(resources.orgId, orgId),
        scopeCondition(scope, { orgId: resources.orgId, projectId: resources.projectId }),
        eq(resources.id, hostId),
        eq(resources.kind, "host"),
        isNull(resources.deletedAt),
      ),
    );
  return row;
}

export async function findBinding(tx: Tx, groupId: string, hostId: string) {
  const [row] = await tx
    .select()
    .from(securityGroupHosts)
    .where(and(eq(securityGroupHosts.groupId, groupId), eq(securityGroupHosts.hostId, hostId)));
  return row;
}

/** False when the host was bound meanwhile (the primary key decides a race). */
export async function insertBinding(tx: Tx, row: typeof securityGroupHosts.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(securityGroupHosts).values(row).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function moveBinding(
  tx: Tx,
  groupId: string,
  hostId: string,
  from: SecurityGroupRow["status"],
  to: SecurityGroupRow["status"],
): Promise<boolean> {
  const rows = await tx
    .update(securityGroupHosts)
    .set({ status: to })
    .where(
      and(
        eq(securityGroupHosts.groupId, groupId),
        eq(securityGroupHosts.hostId, hostId),
        eq(securityGroupHosts.status, from),
      ),
    )
    .returning({ hostId: securityGroupHosts.hostId });
  return rows.length > 0;
}

export async function deleteBinding(tx: Tx, groupId: string, hostId: string): Promise<void> {
  await tx
    .delete(securityGroupHosts)
    .where(and(eq(securityGroupHosts.groupId, groupId), eq(securityGroupHosts.hostId, hostId)));
}

/**
 * The cloud references of the groups the host should be in: its bindings being made or made,
 * not those being removed. What setHostSecurityGroups is sent.
 */
export async function hostGroupRefs(tx: Tx, hostId: string): Promise<string[]> {
  const rows = await tx
    .select({ ref: securityGroups.cloudRef })
    .from(securityGroupHosts)
    .innerJoin(securityGroups, eq(securityGroups.id, securityGroupHosts.groupId))
    .where(and(eq(securityGroupHosts.hostId, hostId), ne(securityGroupHosts.status, "deleting")))
    .orderBy(securityGroups.cloudRef);
  return rows.map((r) => r.ref).filter((ref): ref is string => ref !== null);
}

/** The groups a host is in (bindings made or being made), by name. */
export function groupsOfHost(tx: Tx, hostId: string) {
  return tx
    .select({ id: securityGroups.id, name: securityGroups.name })
    .from(securityGroupHosts)
    .innerJoin(securityGroups, eq(securityGroups.id, securityGroupHosts.groupId))
    .where(and(eq(securityGroupHosts.hostId, hostId), ne(securityGroupHosts.status, "deleting")))
    .orderBy(asc(securityGroups.name));
}
