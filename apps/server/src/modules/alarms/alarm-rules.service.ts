// Alarm rules of the caller's organisation: list, create, change, enable or disable and delete.
// A rule on one host needs a host the caller may see; a rule on every host (present and future)
// is the organisation's administrators' to set. A changed condition or target, a disabled rule and
// a deleted one resolve the rule's active alarms in the same transaction, so no alarm stays open
// for a condition nobody watches any more.
import {
  ALARM_COMPARISON_SIGNS,
  ALARM_METRIC_UNITS,
  type AlarmResolution,
  type AlarmRuleRecord,
  type alarmRuleBody,
  type alarmRuleQuery,
} from "@skyledger/contracts";
import type { z } from "zod";
import { type Audit, changedFields } from "../../platform/audit/audit";
import type { DataScope } from "../../platform/auth/data-scope";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { inScope } from "../iam/data-scope";
import {
  type AlarmRuleRow,
  countRules,
  deleteRule,
  findHost,
  findRule,
  insertRule,
  listRules,
  resolveRuleAlarms,
  ruleNameTaken,
  updateRule,
} from "./alarms.repo";
import { toRuleRecord } from "./alarms.view";

type RuleBody = z.output<typeof alarmRuleBody>;
type RuleQuery = z.output<typeof alarmRuleQuery>;

/** What a rule's audit row says about it, in words the console shows. */
function audited(
  rule: Pick<
    AlarmRuleRow,
    "name" | "target" | "hostName" | "metric" | "comparison" | "threshold" | "durationMinutes" | "severity"
  >,
) {
  return {
    name: rule.name,
    alarmTarget: rule.target,
    host: rule.hostName,
    alarmMetric: rule.metric,
    alarmCondition: `${ALARM_COMPARISON_SIGNS[rule.comparison]} ${rule.threshold} ${ALARM_METRIC_UNITS[rule.metric]} / ${rule.durationMinutes} min`,
    severity: rule.severity,
  };
}

const CONDITION_KEYS = ["target", "hostId", "metric", "comparison", "threshold", "durationMinutes"] as const;

export type AlarmRulesService = ReturnType<typeof createAlarmRulesService>;

export function createAlarmRulesService(deps: { db: Db; clock: Clock; audit: Audit }) {
  const { db, clock, audit } = deps;

  /** The host a rule watches (null for every host), checked against the caller's scope. */
  async function targetOf(tx: Tx, scope: DataScope, orgId: string, body: RuleBody) {
    if (body.target === "all") {
      if (scope.kind === "projects") throw new DomainError("ALARM_RULE_ALL_HOSTS_ADMIN");
      return { hostId: null, hostName: null };
    }
    const host = body.hostId ? await findHost(tx, orgId, body.hostId) : undefined;
    if (!host || !inScope(scope, orgId, host.projectId)) throw new DomainError("ALARM_RULE_HOST_INVALID");
    return { hostId: host.id, hostName: host.name };
  }

  async function reread(tx: Tx, scope: DataScope, orgId: string, id: string): Promise<AlarmRuleRecord> {
    const row = await findRule(tx, scope, orgId, id);
    if (!row) throw new DomainError("NOT_FOUND");
    return toRuleRecord(row);
  }

  /** The rule, locked, if the caller may see it. */
  async function held(tx: Tx, scope: DataScope, orgId: string, id: string) {
    const row = await findRule(tx, scope, orgId, id, true);
    if (!row) throw new DomainError("NOT_FOUND");
    return row;
  }

  const endAlarms = (tx: Tx, ruleId: string, resolution: AlarmResolution) =>
    resolveRuleAlarms(tx, ruleId, resolution, clock.now());

  return {
    async list(ctx: RequestContext, query: RuleQuery) {
      const orgId = ctx.ownTenant();
      const scope = await ctx.dataScope();
      const filter = { keyword: query.keyword || undefined, hostId: query.hostId || undefined };
      return pageOf(
        query,
        (limit, offset) => listRules(db, scope, orgId, filter, limit, offset),
        countRules(db, scope, orgId, filter),
        toRuleRecord,
      );
    },

    async create(ctx: RequestContext, body: RuleBody): Promise<AlarmRuleRecord> {
      const orgId = ctx.ownTenant();
      const scope = await ctx.dataScope();
      return db.transaction(async (tx) => {
        const target = await targetOf(tx, scope, orgId, body);
        if (await ruleNameTaken(tx, orgId, body.name))
          throw new DomainError("NAME_EXISTS", { name: body.name });
        const now = clock.now();
        const row = await insertRule(tx, {
          id: newId(),
          orgId,
          name: body.name,
          target: body.target,
          hostId: target.hostId,
          metric: body.metric,
          comparison: body.comparison,
          threshold: body.threshold,
          durationMinutes: body.durationMinutes,
          severity: body.severity,
          notifyEmail: body.notifyEmail,
          enabled: body.enabled,
          createdBy: ctx.actor.userId,
          createdAt: now,
          updatedAt: now,
        });
        if (!row) throw new DomainError("NAME_EXISTS", { name: body.name });
        await audit.record(tx, {
          action: "alarmRule.created",
          ...ctx.auditBy,
          target: row.id,
          detail: audited({ ...row, hostName: target.hostName }),
        });
        return reread(tx, scope, orgId, row.id);
      });
    },

    async update(ctx: RequestContext, id: string, body: RuleBody): Promise<AlarmRuleRecord> {
      const orgId = ctx.ownTenant();
      const scope = await ctx.dataScope();
      return db.transaction(async (tx) => {
        const before = await held(tx, scope, orgId, id);
        const target = await targetOf(tx, scope, orgId, body);
        if (await ruleNameTaken(tx, orgId, body.name, id))
          throw new DomainError("NAME_EXISTS", { name: body.name });
        const next = { ...body, hostId: target.hostId };
        const row = await updateRule(tx, id, { ...next, updatedAt: clock.now() });
        if (!row) throw new DomainError("NOT_FOUND");
        // Alarms raised under the old condition say nothing about the new one; a disabled rule
        // watches nothing.
        if (CONDITION_KEYS.some((k) => before[k] !== next[k])) await endAlarms(tx, id, "ruleChanged");
        else if (before.enabled && !next.enabled) await endAlarms(tx, id, "ruleDisabled");
        const after = audited({ ...row, hostName: target.hostName });
        await audit.record(tx, {
          action: "alarmRule.updated",
          ...ctx.auditBy,
          target: id,
          detail: {
            name: row.name,
            ...changedFields(audited(before), after, [
              "name",
              "alarmTarget",
              "host",
              "alarmMetric",
              "alarmCondition",
              "severity",
            ]),
          },
        });
        return reread(tx, scope, orgId, id);
      });
    },

    async setEnabled(ctx: RequestContext, id: string, enabled: boolean): Promise<AlarmRuleRecord> {
      const orgId = ctx.ownTenant();
      const scope = await ctx.dataScope();
      return db.transaction(async (tx) => {
        const before = await held(tx, scope, orgId, id);
        if (before.enabled !== enabled) {
          await updateRule(tx, id, { enabled, updatedAt: clock.now() });
          if (!enabled) await endAlarms(tx, id, "ruleDisabled");
          await audit.record(tx, {
            action: enabled ? "alarmRule.enabled" : "alarmRule.disabled",
            ...ctx.auditBy,
            target: id,
            detail: { name: before.name },
          });
        }
        return reread(tx, scope, orgId, id);
      });
    },

    async remove(ctx: RequestContext, id: string) {
      const orgId = ctx.ownTenant();
      const scope = await ctx.dataScope();
      await db.transaction(async (tx) => {
        const before = await held(tx, scope, orgId, id);
        // Resolved before the rule goes: the history keeps the alarms, with the rule's copy.
        await endAlarms(tx, id, "ruleDeleted");
        await deleteRule(tx, id);
        await audit.record(tx, {
          action: "alarmRule.deleted",
          ...ctx.auditBy,
          target: id,
          detail: audited(before),
        });
      });
      return { ok: true as const };
    },
  };
}
