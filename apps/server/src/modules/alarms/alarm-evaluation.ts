// The alarm step of the lifecycle (after resources settle): every enabled rule is evaluated on each
// running host it watches, on the injected clock. A rule fires when its condition held on every
// point (one a minute) of the last `durationMinutes`, the host having existed for all of it, and
// the (rule, host) has no active alarm; an active alarm resolves when the latest point no longer
// meets the condition, or when its host stops running or is released. Each firing and resolving
// commits in one transaction with its e-mail and audit row. Several instances may run the step at
// once: the partial unique index on active (rule, host) and the conditional updates make each
// move happen once (decision 0019).
import { type AlarmResolution, alarmConditionHolds } from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { newId } from "../../platform/ids";
import type { MetricPoint } from "../../providers/provider";
import type { HostMetricsReader, MeteredHost } from "../resources/host-metrics";
import type { AlarmNotify } from "./alarm-notices";
import {
  type AlarmRow,
  activeAlarms,
  holdRuleAsRead,
  insertAlarm,
  resolveAlarm,
  watchedPairs,
} from "./alarms.repo";
import type { alarmRules } from "./alarms.schema";

/** Points are read a minute apart, as the durations are counted. */
export const ALARM_STEP_SECONDS = 60;

type Rule = typeof alarmRules.$inferSelect;
type Host = MeteredHost & { id: string; name: string };

/**
 * Whether the rule's condition held over the whole window that starts at `from`: a point for
 * every minute of it (none missing at its start, as for a host created within it), each meeting
 * the condition.
 */
export function heldThroughout(points: MetricPoint[], rule: Rule, from: Date): boolean {
  const [first] = points;
  if (!first || first.at.getTime() - from.getTime() >= ALARM_STEP_SECONDS * 1000) return false;
  return points.every((p) => alarmConditionHolds(p[rule.metric], rule.comparison, rule.threshold));
}

export function createAlarmEvaluation(deps: {
  db: Db;
  clock: Clock;
  metrics: HostMetricsReader;
  notify: AlarmNotify;
  audit: Audit;
  onError(err: unknown): void;
}) {
  const { db, clock, metrics, notify, audit } = deps;

  async function fire(rule: Rule, host: Host, value: number, source: AlarmRow["source"], at: Date) {
    await db.transaction(async (tx) => {
      if (!(await holdRuleAsRead(tx, rule.id, rule.updatedAt))) return;
      const alarm = await insertAlarm(tx, {
        id: newId(),
        orgId: rule.orgId,
        ruleId: rule.id,
        ruleName: rule.name,
        metric: rule.metric,
        comparison: rule.comparison,
        threshold: rule.threshold,
        durationMinutes: rule.durationMinutes,
        severity: rule.severity,
        hostId: host.id,
        hostName: host.name,
        state: "firing",
        value,
        source,
        firedAt: at,
      });
      // Another evaluation raised it first.
      if (!alarm) return;
      if (rule.notifyEmail) await notify(tx, alarm, "fired");
      await audit.record(tx, {
        action: "alarm.fired",
        actorId: null,
        orgId: rule.orgId,
        target: alarm.id,
        detail: { name: rule.name, host: host.name, severity: rule.severity, alarmValue: value },
      });
    });
  }

  async function resolve(alarm: AlarmRow, resolution: AlarmResolution, tell: boolean, at: Date) {
    await db.transaction(async (tx) => {
      const resolved = await resolveAlarm(tx, alarm.id, resolution, at);
      if (!resolved) return;
      if (tell) await notify(tx, resolved, "recovered");
      await audit.record(tx, {
        action: "alarm.resolved",
        actorId: null,
        orgId: alarm.orgId,
        target: alarm.id,
        detail: { name: alarm.ruleName, host: alarm.hostName, severity: alarm.severity, resolution },
      });
    });
  }

  async function evaluate(rule: Rule, host: Host, active: AlarmRow | undefined, now: Date) {
    const from = new Date(now.getTime() - rule.durationMinutes * 60_000);
    const { source, points } = await metrics.of(host, from, now, ALARM_STEP_SECONDS);
    const latest = points.at(-1);
    if (!latest) return;
    const value = latest[rule.metric];
    if (!active) {
      if (heldThroughout(points, rule, from)) await fire(rule, host, value, source, now);
    } else if (!alarmConditionHolds(value, rule.comparison, rule.threshold)) {
      await resolve(active, "recovered", rule.notifyEmail, now);
    }
  }

  return {
    async run(): Promise<void> {
      const now = clock.now();
      const [pairs, active] = await Promise.all([watchedPairs(db), activeAlarms(db)]);
      const byPair = new Map(active.map((a) => [`${a.ruleId}/${a.hostId}`, a]));
      const watched = new Set<string>();
      for (const { rule, host } of pairs) {
        const key = `${rule.id}/${host.id}`;
        watched.add(key);
        // One host's figures failing to load must not keep the other rules from being evaluated.
        await evaluate(rule, host, byPair.get(key), now).catch(deps.onError);
      }
      // A host stopped or released: nothing is watched there any more, so its alarms end.
      for (const alarm of active) {
        if (!watched.has(`${alarm.ruleId}/${alarm.hostId}`)) {
          await resolve(alarm, "hostUnavailable", false, now).catch(deps.onError);
        }
      }
    },
  };
}
