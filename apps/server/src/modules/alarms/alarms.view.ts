// Rows as the API answers them.
import type { AlarmRecord, AlarmRuleRecord } from "@skyledger/contracts";
import type { AlarmRow, AlarmRuleRow } from "./alarms.repo";

export const toRuleRecord = (row: AlarmRuleRow): AlarmRuleRecord => ({
  id: row.id,
  name: row.name,
  target: row.target,
  hostId: row.hostId,
  hostName: row.hostName,
  metric: row.metric,
  comparison: row.comparison,
  threshold: row.threshold,
  durationMinutes: row.durationMinutes,
  severity: row.severity,
  notifyEmail: row.notifyEmail,
  enabled: row.enabled,
  activeAlarms: row.activeAlarms,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toAlarmRecord = (row: AlarmRow): AlarmRecord => ({
  id: row.id,
  ruleId: row.ruleId,
  ruleName: row.ruleName,
  metric: row.metric,
  comparison: row.comparison,
  threshold: row.threshold,
  durationMinutes: row.durationMinutes,
  severity: row.severity,
  hostId: row.hostId,
  hostName: row.hostName,
  state: row.state,
  value: row.value,
  source: row.source,
  firedAt: row.firedAt.toISOString(),
  acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
  acknowledgedBy: row.acknowledgedBy,
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
  resolution: row.resolution,
});
