// Wires host monitoring alarms: the rule and alarm endpoints, and the evaluation the lifecycle step
// runs (services.module.ts) on the hosts' monitoring figures.
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import type { Messaging } from "../../platform/outbox/messaging";
import type { HostMetricsReader } from "../resources/host-metrics";
import { createAlarmEvaluation } from "./alarm-evaluation";
import { createAlarmNotices } from "./alarm-notices";
import { createAlarmRulesService } from "./alarm-rules.service";
import { registerAlarmRoutes } from "./alarms.routes";
import { createAlarmsService } from "./alarms.service";

export function registerAlarms(
  ctx: ModuleContext,
  deps: {
    db: Db;
    clock: Clock;
    timeZone: string;
    audit: Audit;
    messaging: Messaging;
    hostMetrics: HostMetricsReader;
  },
) {
  const { db, clock, audit } = deps;
  registerAlarmRoutes(
    ctx,
    createAlarmRulesService({ db, clock, audit }),
    createAlarmsService({ db, clock, audit }),
  );
  return createAlarmEvaluation({
    db,
    clock,
    metrics: deps.hostMetrics,
    notify: createAlarmNotices(deps.messaging, deps.timeZone),
    audit,
    onError: (err) => ctx.app.log.error({ err }, "alarm evaluation failed"),
  });
}
