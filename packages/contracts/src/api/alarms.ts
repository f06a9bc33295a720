// Host monitoring alarms (issue 15 §6, spec §4 "Alarm severities"): rules on one host or on every
// host of the organisation, and the alarms they raise, acknowledged and resolved. The form and the
// server validate a rule with the same schema; the messages are `validation.alarm*` keys.
import { z } from "zod";
import { v } from "../validation";
import { pageQuery } from "./common";

/** What a rule watches: the host monitoring figures, by their field in a metrics point. */
export const ALARM_METRICS = [
  "cpuPercent",
  "memoryPercent",
  "diskReadKBps",
  "diskWriteKBps",
  "netInKbps",
  "netOutKbps",
] as const;
export type AlarmMetric = (typeof ALARM_METRICS)[number];

/** Percentages run 0–100; the rates (KB/s, kbit/s) have no upper bound. */
export const PERCENT_METRICS: ReadonlySet<AlarmMetric> = new Set(["cpuPercent", "memoryPercent"]);

export const ALARM_METRIC_UNITS: Record<AlarmMetric, string> = {
  cpuPercent: "%",
  memoryPercent: "%",
  diskReadKBps: "KB/s",
  diskWriteKBps: "KB/s",
  netInKbps: "kbit/s",
  netOutKbps: "kbit/s",
};

export const ALARM_COMPARISONS = ["gt", "gte", "lt", "lte"] as const;
export type AlarmComparison = (typeof ALARM_COMPARISONS)[number];
export const ALARM_COMPARISON_SIGNS: Record<AlarmComparison, string> = {
  gt: ">",
  gte: "≥",
  lt: "<",
  lte: "≤",
};

/** Minutes the condition must hold on every point (one a minute) before the alarm fires. */
export const ALARM_DURATIONS = [1, 5, 15, 30, 60] as const;

/** Spec §4, most pressing first. */
export const ALARM_SEVERITIES = ["urgent", "important", "secondary", "reminder"] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** One host, or every host of the organisation, present and future. */
export const ALARM_TARGETS = ["host", "all"] as const;
export type AlarmTarget = (typeof ALARM_TARGETS)[number];

export const ALARM_STATES = ["firing", "acknowledged", "resolved"] as const;
export type AlarmState = (typeof ALARM_STATES)[number];
/** Firing and acknowledged alarms are active: at most one per rule and host. */
export const ACTIVE_ALARM_STATES = ["firing", "acknowledged"] as const satisfies readonly AlarmState[];

/** Why an alarm ended. */
export const ALARM_RESOLUTIONS = [
  "recovered",
  "ruleChanged",
  "ruleDisabled",
  "ruleDeleted",
  "hostUnavailable",
] as const;
export type AlarmResolution = (typeof ALARM_RESOLUTIONS)[number];

/** Whether `value` meets `comparison threshold`. */
export function alarmConditionHolds(value: number, comparison: AlarmComparison, threshold: number): boolean {
  if (comparison === "gt") return value > threshold;
  if (comparison === "gte") return value >= threshold;
  if (comparison === "lt") return value < threshold;
  return value <= threshold;
}

/** The message key for a threshold the metric does not allow, or null when it is fine. */
export function alarmThresholdProblem(metric: AlarmMetric | undefined, threshold: number): string | null {
  if (!Number.isFinite(threshold)) return "validation.alarmThreshold";
  if (threshold < 0) return "validation.alarmThresholdNegative";
  if (metric && PERCENT_METRICS.has(metric) && threshold > 100) return "validation.alarmThresholdPercent";
  // Two decimals at most: 12.5 and 0.25, not 0.125.
  if (Math.abs(Math.round(threshold * 100) - threshold * 100) > 1e-6)
    return "validation.alarmThresholdDecimals";
  return null;
}

export const alarmRuleFields = {
  name: v.formName,
  target: z.enum(ALARM_TARGETS, { message: "validation.alarmTarget" }),
  hostId: z.string().trim().max(64).nullable().default(null),
  metric: z.enum(ALARM_METRICS, { message: "validation.alarmMetric" }),
  comparison: z.enum(ALARM_COMPARISONS, { message: "validation.alarmComparison" }),
  threshold: z.number({ message: "validation.alarmThreshold" }),
  durationMinutes: z
    .number({ message: "validation.alarmDuration" })
    .refine((d) => (ALARM_DURATIONS as readonly number[]).includes(d), "validation.alarmDuration"),
  severity: z.enum(ALARM_SEVERITIES, { message: "validation.alarmSeverity" }),
  notifyEmail: z.boolean().default(true),
  enabled: z.boolean().default(true),
};

export const alarmRuleBody = z.object(alarmRuleFields).superRefine((rule, ctx) => {
  if (rule.target === "host" && !rule.hostId)
    ctx.addIssue({ code: "custom", path: ["hostId"], message: "validation.alarmHost" });
  const problem = alarmThresholdProblem(rule.metric, rule.threshold);
  if (problem) ctx.addIssue({ code: "custom", path: ["threshold"], message: problem });
});
export type AlarmRuleBody = z.input<typeof alarmRuleBody>;

export const alarmRuleEnabledBody = z.object({ enabled: z.boolean() });

export const alarmRuleQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  hostId: z.string().trim().max(64).optional(),
});

export const alarmParams = z.object({ id: z.string().min(1).max(64) });

export const alarmRuleRecord = z.object({
  id: z.string(),
  name: z.string(),
  target: z.enum(ALARM_TARGETS),
  hostId: z.string().nullable(),
  hostName: z.string().nullable(),
  metric: z.enum(ALARM_METRICS),
  comparison: z.enum(ALARM_COMPARISONS),
  threshold: z.number(),
  durationMinutes: z.number().int(),
  severity: z.enum(ALARM_SEVERITIES),
  notifyEmail: z.boolean(),
  enabled: z.boolean(),
  /** Its firing or acknowledged alarms now. */
  activeAlarms: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlarmRuleRecord = z.infer<typeof alarmRuleRecord>;

/** `active`: firing or acknowledged; `resolved`: the history. */
export const ALARM_LIST_STATES = ["active", "firing", "acknowledged", "resolved"] as const;

export const alarmQuery = pageQuery.extend({
  state: z.enum(ALARM_LIST_STATES).default("active"),
  severity: z.enum(ALARM_SEVERITIES).optional(),
  hostId: z.string().trim().max(64).optional(),
  ruleId: z.string().trim().max(64).optional(),
});

export const alarmRecord = z.object({
  id: z.string(),
  ruleId: z.string().nullable(),
  /** The rule as it was when the alarm fired (a later edit or deletion does not rewrite history). */
  ruleName: z.string(),
  metric: z.enum(ALARM_METRICS),
  comparison: z.enum(ALARM_COMPARISONS),
  threshold: z.number(),
  durationMinutes: z.number().int(),
  severity: z.enum(ALARM_SEVERITIES),
  hostId: z.string(),
  hostName: z.string(),
  state: z.enum(ALARM_STATES),
  /** The figure at the moment it fired. */
  value: z.number(),
  /** `simulated` when the figures it fired on were the simulator's. */
  source: z.enum(["simulated", "prometheus"]),
  firedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolution: z.enum(ALARM_RESOLUTIONS).nullable(),
});
export type AlarmRecord = z.infer<typeof alarmRecord>;

/** The console's badge: active alarms the caller may see, by severity. */
export const alarmSummary = z.object({
  active: z.number().int(),
  firing: z.number().int(),
  bySeverity: z.record(z.enum(ALARM_SEVERITIES), z.number().int()),
});
export type AlarmSummary = z.infer<typeof alarmSummary>;
