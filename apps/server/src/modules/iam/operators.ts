// The platform administrator's operator accounts (page `/sys/operators`, code BA12).
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import { createOperatorsService, type OperatorsDeps } from "./operators.service";

export function registerOperatorRoutes({ app, guards, userRoute }: ModuleContext, deps: OperatorsDeps) {
  const operators = createOperatorsService(deps);

  userRoute(app, guards, endpoints.operators.list, ({ query }) => operators.list(query));
  userRoute(app, guards, endpoints.operators.create, ({ ctx, body }) => operators.create(ctx, body));
  userRoute(app, guards, endpoints.operators.setRoles, ({ ctx, params, body }) =>
    operators.setRoles(ctx, params.userSid, body.roles),
  );
  userRoute(app, guards, endpoints.operators.disable, ({ ctx, params }) =>
    operators.setStatus(ctx, params.userSid, "disabled"),
  );
  userRoute(app, guards, endpoints.operators.enable, ({ ctx, params }) =>
    operators.setStatus(ctx, params.userSid, "enabled"),
  );
  userRoute(app, guards, endpoints.operators.resetPassword, ({ ctx, params }) =>
    operators.resetPassword(ctx, params.userSid),
  );
}
