// The alarm rules' and alarms' SQL; each function takes the caller's transaction. Reads are scoped
// like the resources: an organisation's administrators see everything of it, other users the hosts
// of their projects (and no rule on every host).
import { ACTIVE_ALARM_STATES, type AlarmResolution } from "@skyledger/contracts";
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { DataScope } from "../../platform/auth/data-scope";
import type { Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { scopeCondition } from "../iam/data-scope";
import { resources } from "../resources/resources.schema";
import { alarmRules, alarms } from "./alarms.schema";

export type AlarmRuleRow = typeof alarmRules.$inferSelect & {
  hostName: string | null;
  activeAlarms: number;
};
export type AlarmRow = typeof alarms.$inferSelect;

const isActive = inArray(alarms.state, [...ACTIVE_ALARM_STATES]);

const ruleColumns = {
  id: alarmRules.id,
  orgId: alarmRules.orgId,
  name: alarmRules.name,
  target: alarmRules.target,
  hostId: alarmRules.hostId,
  metric: alarmRules.metric,
  comparison: alarmRules.comparison,
  threshold: alarmRules.threshold,
  durationMinutes: alarmRules.durationMinutes,
  severity: alarmRules.severity,
  notifyEmail: alarmRules.notifyEmail,
  enabled: alarmRules.enabled,
  createdBy: alarmRules.createdBy,
  createdAt: alarmRules.createdAt,
  updatedAt: alarmRules.updatedAt,
  hostName: resources.name,
  activeAlarms: sql<number>`(select count(*)::int from ${alarms} where ${alarms.ruleId} = ${alarmRules.id} and ${alarms.state} in ('firing', 'acknowledged'))`,
};

/** The rules a scope sees: a rule on every host only by the organisation's administrators. */
function ruleScope(scope: DataScope, orgId: string): SQL | undefined {
  if (scope.kind !== "projects") return eq(alarmRules.orgId, orgId);
  return and(
    eq(alarmRules.orgId, orgId),
    eq(alarmRules.target, "host"),
    scopeCondition(scope, { orgId: resources.orgId, projectId: resources.projectId }),
  );
}

export type RuleFilter = { keyword?: string | undefined; hostId?: string | undefined };

function ruleWhere(scope: DataScope, orgId: string, filter: RuleFilter) {
  return and(
    ruleScope(scope, orgId),
    filter.keyword ? ilike(alarmRules.name, containsPattern(filter.keyword)) : undefined,
    // A host's rules: those on it and those on every host.
    filter.hostId ? or(eq(alarmRules.hostId, filter.hostId), eq(alarmRules.target, "all")) : undefined,
  );
}

export function listRules(
  tx: Tx,
  scope: DataScope,
  orgId: string,
  filter: RuleFilter,
  limit: number,
  offset: number,
) {
  return tx
    .select(ruleColumns)
    .from(alarmRules)
    .leftJoin(resources, eq(resources.id, alarmRules.hostId))
    .where(ruleWhere(scope, orgId, filter))
    .orderBy(desc(alarmRules.createdAt), alarmRules.id)
    .limit(limit)
    .offset(offset);
}

export function countRules(tx: Tx, scope: DataScope, orgId: string, filter: RuleFilter) {
  return tx
    .select({ n: count() })
    .from(alarmRules)
    .leftJoin(resources, eq(resources.id, alarmRules.hostId))
    .where(ruleWhere(scope, orgId, filter));
}

/** One rule the scope sees; `lock` holds it for the rest of the transaction. */
export async function findRule(
  tx: Tx,
  scope: DataScope,
  orgId: string,
  id: string,
  lock = false,
): Promise<AlarmRuleRow | undefined> {
  const query = tx
    .select(ruleColumns)
    .from(alarmRules)
    .leftJoin(resources, eq(resources.id, alarmRules.hostId))
    .where(and(ruleScope(scope, orgId), eq(alarmRules.id, id)));
  const [row] = lock ? await query.for("update", { of: alarmRules }) : await query;
  return row;
}

/** A host of the organisation that is not released, with its project (for the caller's scope). */
export async function findHost(tx: Tx, orgId: string, hostId: string) {
  const [row] = await tx
    .select({ id: resources.id, name: resources.name, projectId: resources.projectId })
    .from(resources)
    .where(
      and(
        eq(resources.orgId, orgId),
        eq(resources.id, hostId),
        eq(resources.kind, "host"),
        isNull(resources.deletedAt),
      ),
    );
  return row;
}

/** Names are unique per organisation, whatever their case. */
export async function ruleNameTaken(tx: Tx, orgId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: alarmRules.id })
    .from(alarmRules)
    .where(
      and(
        eq(alarmRules.orgId, orgId),
        sql`lower(${alarmRules.name}) = lower(${name})`,
        exceptId ? sql`${alarmRules.id} <> ${exceptId}` : undefined,
      ),
    );
  return row !== undefined;
}

/** Undefined when the name was taken meanwhile (the unique index decides a race). */
export async function insertRule(tx: Tx, row: typeof alarmRules.$inferInsert) {
  const [inserted] = await tx.insert(alarmRules).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateRule(tx: Tx, id: string, values: Partial<typeof alarmRules.$inferInsert>) {
  const [row] = await tx.update(alarmRules).set(values).where(eq(alarmRules.id, id)).returning();
  return row;
}

export async function deleteRule(tx: Tx, id: string) {
  const [row] = await tx.delete(alarmRules).where(eq(alarmRules.id, id)).returning();
  return row;
}

/** Ends the rule's active alarms (a rule changed, disabled or deleted); the alarms ended. */
export function resolveRuleAlarms(tx: Tx, ruleId: string, resolution: AlarmResolution, at: Date) {
  return tx
    .update(alarms)
    .set({ state: "resolved", resolution, resolvedAt: at })
    .where(and(eq(alarms.ruleId, ruleId), isActive))
    .returning();
}

// Alarms

export type AlarmFilter = {
  state: "active" | "firing" | "acknowledged" | "resolved";
  severity?: string | undefined;
  hostId?: string | undefined;
  ruleId?: string | undefined;
};

function alarmWhere(scope: DataScope, orgId: string, filter: AlarmFilter) {
  return and(
    eq(alarms.orgId, orgId),
    scopeCondition(scope, { orgId: resources.orgId, projectId: resources.projectId }),
    filter.state === "active" ? isActive : eq(alarms.state, filter.state),
    filter.severity ? eq(alarms.severity, filter.severity as AlarmRow["severity"]) : undefined,
    filter.hostId ? eq(alarms.hostId, filter.hostId) : undefined,
    filter.ruleId ? eq(alarms.ruleId, filter.ruleId) : undefined,
  );
}

export function listAlarms(
  tx: Tx,
  scope: DataScope,
  orgId: string,
  filter: AlarmFilter,
  limit: number,
  offset: number,
) {
  // The most pressing first among active ones; the history newest first.
  const order =
    filter.state === "resolved"
      ? [desc(alarms.resolvedAt), alarms.id]
      : [
          sql`array_position(array['urgent','important','secondary','reminder'], ${alarms.severity})`,
          desc(alarms.firedAt),
          alarms.id,
        ];
  return tx
    .select({ a: alarms })
    .from(alarms)
    .innerJoin(resources, eq(resources.id, alarms.hostId))
    .where(alarmWhere(scope, orgId, filter))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

export function countAlarms(tx: Tx, scope: DataScope, orgId: string, filter: AlarmFilter) {
  return tx
    .select({ n: count() })
    .from(alarms)
    .innerJoin(resources, eq(resources.id, alarms.hostId))
    .where(alarmWhere(scope, orgId, filter));
}

/** Active alarms the scope sees, by state and severity. */
export function activeAlarmCounts(tx: Tx, scope: DataScope, orgId: string) {
  return tx
    .select({ state: alarms.state, severity: alarms.severity, n: count() })
    .from(alarms)
    .innerJoin(resources, eq(resources.id, alarms.hostId))
    .where(alarmWhere(scope, orgId, { state: "active" }))
    .groupBy(alarms.state, alarms.severity);
}

/** One alarm on a host the scope sees, whatever its state. */
export async function findAlarm(tx: Tx, scope: DataScope, orgId: string, id: string) {
  const [row] = await tx
    .select({ a: alarms })
    .from(alarms)
    .innerJoin(resources, eq(resources.id, alarms.hostId))
    .where(
      and(
        eq(alarms.id, id),
        eq(alarms.orgId, orgId),
        scopeCondition(scope, { orgId: resources.orgId, projectId: resources.projectId }),
      ),
    );
  return row?.a;
}

/** Only a firing alarm is acknowledged: two people acknowledging at once record one of them. */
export async function acknowledgeAlarm(tx: Tx, id: string, by: string, at: Date) {
  const [row] = await tx
    .update(alarms)
    .set({ state: "acknowledged", acknowledgedAt: at, acknowledgedBy: by })
    .where(and(eq(alarms.id, id), eq(alarms.state, "firing")))
    .returning();
  return row;
}

// Evaluation

/**
 * Every enabled rule with each running host it watches: its own host, or every host of the
 * organisation for a rule on all of them.
 */
export function watchedPairs(tx: Tx) {
  return tx
    .select({
      rule: alarmRules,
      host: {
        id: resources.id,
        name: resources.name,
        providerRef: resources.providerRef,
        ipAddress: resources.ipAddress,
      },
    })
    .from(alarmRules)
    .innerJoin(
      resources,
      and(
        eq(resources.kind, "host"),
        eq(resources.status, "running"),
        isNull(resources.deletedAt),
        or(
          and(eq(alarmRules.target, "host"), eq(resources.id, alarmRules.hostId)),
          and(eq(alarmRules.target, "all"), eq(resources.orgId, alarmRules.orgId)),
        ),
      ),
    )
    .where(eq(alarmRules.enabled, true))
    .orderBy(alarmRules.id, resources.id);
}

export function activeAlarms(tx: Tx) {
  return tx.select().from(alarms).where(isActive);
}

/** Undefined when the rule already has an active alarm on the host (another evaluation's). */
export async function insertAlarm(tx: Tx, row: typeof alarms.$inferInsert) {
  const [inserted] = await tx.insert(alarms).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Resolves one alarm if it is still active: two evaluations at once resolve it once. */
export async function resolveAlarm(tx: Tx, id: string, resolution: AlarmResolution, at: Date) {
  const [row] = await tx
    .update(alarms)
    .set({ state: "resolved", resolution, resolvedAt: at })
    .where(and(eq(alarms.id, id), isActive))
    .returning();
  return row;
}

/**
 * Holds the rule (against a concurrent edit) if it is still enabled and unchanged since the
 * evaluation read it: an alarm is never raised for a condition just edited or switched off.
 */
export async function holdRuleAsRead(tx: Tx, id: string, updatedAt: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: alarmRules.id })
    .from(alarmRules)
    .where(and(eq(alarmRules.id, id), eq(alarmRules.enabled, true), eq(alarmRules.updatedAt, updatedAt)))
    .for("share");
  return row !== undefined;
}
