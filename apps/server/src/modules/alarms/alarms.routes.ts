// `/mgt/monitor/alarm-rules` and `/mgt/monitor/alarms` (CB01, the hosts' code): alarm rules and the
// alarm list under /api/res.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { AlarmRulesService } from "./alarm-rules.service";
import type { AlarmsService } from "./alarms.service";

export function registerAlarmRoutes(
  { app, guards, userRoute }: ModuleContext,
  rules: AlarmRulesService,
  alarms: AlarmsService,
) {
  userRoute(app, guards, endpoints.alarms.listRules, ({ ctx, query }) => rules.list(ctx, query));
  userRoute(app, guards, endpoints.alarms.createRule, ({ ctx, body }) => rules.create(ctx, body));
  userRoute(app, guards, endpoints.alarms.updateRule, ({ ctx, params, body }) =>
    rules.update(ctx, params.id, body),
  );
  userRoute(app, guards, endpoints.alarms.setRuleEnabled, ({ ctx, params, body }) =>
    rules.setEnabled(ctx, params.id, body.enabled),
  );
  userRoute(app, guards, endpoints.alarms.removeRule, ({ ctx, params }) => rules.remove(ctx, params.id));

  userRoute(app, guards, endpoints.alarms.list, ({ ctx, query }) => alarms.list(ctx, query));
  userRoute(app, guards, endpoints.alarms.summary, ({ ctx }) => alarms.summary(ctx));
  userRoute(app, guards, endpoints.alarms.acknowledge, ({ ctx, params }) =>
    alarms.acknowledge(ctx, params.id),
  );
}
