// What the organisation's administrators are told when an alarm of a rule with e-mail on fires and
// when it recovers: one e-mail each, in both languages like the other lifecycle notices, queued in
// the transaction that moves the alarm so that it exists exactly when the move does.
import {
  ALARM_COMPARISON_SIGNS,
  ALARM_METRIC_UNITS,
  type AlarmMetric,
  type AlarmSeverity,
} from "@skyledger/contracts";
import type { Tx } from "../../platform/db/client";
import type { Messaging } from "../../platform/outbox/messaging";
import { tenantAdminContacts } from "../orders/order-notices.repo";
import type { AlarmRow } from "./alarms.repo";

const METRIC_NAMES: Record<AlarmMetric, [string, string]> = {
  cpuPercent: ["CPU使用率", "CPU usage"],
  memoryPercent: ["内存使用率", "memory usage"],
  diskReadKBps: ["磁盘读速率", "disk reads"],
  diskWriteKBps: ["磁盘写速率", "disk writes"],
  netInKbps: ["网络入流量", "network in"],
  netOutKbps: ["网络出流量", "network out"],
};

const SEVERITY_NAMES: Record<AlarmSeverity, [string, string]> = {
  urgent: ["紧急", "Urgent"],
  important: ["重要", "Important"],
  secondary: ["次要", "Secondary"],
  reminder: ["提示", "Reminder"],
};

export type AlarmNotice = "fired" | "recovered";

export function createAlarmNotices(messaging: Messaging, timeZone: string) {
  return async function tell(tx: Tx, alarm: AlarmRow, notice: AlarmNotice): Promise<void> {
    const at = (notice === "fired" ? alarm.firedAt : (alarm.resolvedAt ?? alarm.firedAt))
      .toLocaleString("sv-SE", { timeZone })
      .slice(0, 16);
    const unit = ALARM_METRIC_UNITS[alarm.metric];
    const condition = `${ALARM_COMPARISON_SIGNS[alarm.comparison]} ${alarm.threshold} ${unit}`;
    const [metricZh, metricEn] = METRIC_NAMES[alarm.metric];
    const [severityZh, severityEn] = SEVERITY_NAMES[alarm.severity];
    // Figures of the simulator are synthetic: the notice says so, as the charts do.
    const simulated = alarm.source === "simulated";
    const body =
      notice === "fired"
        ? `【${severityZh}】云主机 ${alarm.hostName} 的${metricZh}在 ${alarm.durationMinutes} 分钟内持续${condition}（当前 ${alarm.value} ${unit}），于 ${at} 触发告警“${alarm.ruleName}”。${simulated ? "（模拟数据）" : ""}\n` +
          `[${severityEn}] Host ${alarm.hostName}: ${metricEn} stayed ${condition} for ${alarm.durationMinutes} minutes (now ${alarm.value} ${unit}); alarm "${alarm.ruleName}" fired at ${at}.${simulated ? " (simulated data)" : ""}`
        : `云主机 ${alarm.hostName} 的告警“${alarm.ruleName}”已于 ${at} 恢复。\nHost ${alarm.hostName}: alarm "${alarm.ruleName}" recovered at ${at}.`;
    const subject =
      notice === "fired"
        ? `【Skyledger】【${severityZh} ${severityEn}】${alarm.hostName}: ${alarm.ruleName}`
        : `【Skyledger】${alarm.hostName}: ${alarm.ruleName} 已恢复 recovered`;
    for (const admin of await tenantAdminContacts(tx, alarm.orgId)) {
      await messaging.notify(tx, {
        to: admin,
        type: "resource",
        purpose: `alarm.${notice}`,
        title: subject,
        body,
        channels: ["email"],
      });
    }
  };
}
export type AlarmNotify = ReturnType<typeof createAlarmNotices>;
