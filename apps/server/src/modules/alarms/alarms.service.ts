// The alarm list of the hosts the caller may see: active alarms (firing or acknowledged) and the
// history, the console's count of active ones, and acknowledging a firing alarm (who and when are
// kept; it stays active until its condition recovers).
import {
  ALARM_SEVERITIES,
  type AlarmRecord,
  type AlarmSummary,
  type EndpointQuery,
  type endpoints,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import { acknowledgeAlarm, activeAlarmCounts, countAlarms, findAlarm, listAlarms } from "./alarms.repo";
import { toAlarmRecord } from "./alarms.view";

type AlarmQuery = EndpointQuery<typeof endpoints.alarms.list>;

export type AlarmsService = ReturnType<typeof createAlarmsService>;

export function createAlarmsService(deps: { db: Db; clock: Clock; audit: Audit }) {
  const { db, clock, audit } = deps;

  return {
    async list(ctx: RequestContext, query: AlarmQuery) {
      const orgId = ctx.ownTenant();
      const scope = await ctx.dataScope();
      const filter = {
        state: query.state,
        severity: query.severity,
        hostId: query.hostId || undefined,
        ruleId: query.ruleId || undefined,
      };
      return pageOf(
        query,
        (limit, offset) => listAlarms(db, scope, orgId, filter, limit, offset),
        countAlarms(db, scope, orgId, filter),
        (row) => toAlarmRecord(row.a),
      );
    },

    async summary(ctx: RequestContext): Promise<AlarmSummary> {
      const rows = await activeAlarmCounts(db, await ctx.dataScope(), ctx.ownTenant());
      const bySeverity = Object.fromEntries(
        ALARM_SEVERITIES.map((s) => [s, 0]),
      ) as AlarmSummary["bySeverity"];
      let firing = 0;
      for (const row of rows) {
        bySeverity[row.severity] += row.n;
        if (row.state === "firing") firing += row.n;
      }
      return { active: Object.values(bySeverity).reduce((a, b) => a + b, 0), firing, bySeverity };
    },

    async acknowledge(ctx: RequestContext, id: string): Promise<AlarmRecord> {
      const orgId = ctx.ownTenant();
      // Resolved before the transaction: the scope is read on its own connection.
      const scope = await ctx.dataScope();
      return db.transaction(async (tx) => {
        const alarm = await findAlarm(tx, scope, orgId, id);
        if (!alarm) throw new DomainError("NOT_FOUND");
        const row = await acknowledgeAlarm(tx, id, ctx.actor.account, clock.now());
        if (!row) throw new DomainError("ALARM_NOT_FIRING");
        await audit.record(tx, {
          action: "alarm.acknowledged",
          ...ctx.auditBy,
          target: id,
          detail: { name: row.ruleName, host: row.hostName, severity: row.severity },
        });
        return toAlarmRecord(row);
      });
    },
  };
}
