// Tenant ordering (`/service/apply`, `/service/unsubscribe/{id}`, orders `order` and `orders/{id}`,
// resubmitting or withdrawing a returned order)
// and the operators' approval queue (`/audit/approval`, BA07): decisions, manual activation and
// closing, with the simulator's fault switch.
import { endpoints } from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Db } from "../../platform/db/client";
import { idempotencyKeyOf } from "../../platform/idempotency";
import type { ModuleContext } from "../../platform/module";
import type { ActivationService } from "./activation.service";
import type { ApprovalsService } from "./approvals.service";
import type { OrdersService } from "./orders.service";
import type { ReturnedOrdersService } from "./returned-orders.service";
import type { UnsubscribeService } from "./unsubscribe.service";

type FaultSwitch = {
  armFault(operation: "create" | "resize" | "delete" | "act", count: number, message: string): Promise<void>;
  faults(): Promise<{ operation: string; remaining: number; message: string }[]>;
};

export function registerOrderRoutes(
  ctx: ModuleContext,
  s: {
    orders: OrdersService;
    approvals: ApprovalsService;
    returned: ReturnedOrdersService;
    activation: ActivationService;
    unsubscribe: UnsubscribeService;
    audit: Audit;
    db: Db;
    faults: FaultSwitch | null;
  },
) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, endpoints.orders.apply, ({ principal, body, req, locale }) =>
    s.orders.submit(principal, body, idempotencyKeyOf(req), locale),
  );

  userRoute(app, guards, endpoints.orders.list, ({ principal, query, locale }) =>
    s.orders.list(principal, query, locale),
  );

  userRoute(app, guards, endpoints.orders.get, ({ principal, params, locale }) =>
    s.orders.detail(principal, params.id, locale),
  );

  userRoute(app, guards, endpoints.orders.resubmit, ({ principal, params, body, locale, req }) =>
    s.returned.resubmit(principal, params.id, body, locale, req.ip),
  );

  userRoute(app, guards, endpoints.orders.withdraw, ({ principal, params, req, locale }) =>
    s.returned.withdraw(principal, params.id, () => idempotencyKeyOf(req), locale, req.ip),
  );

  userRoute(app, guards, endpoints.orders.unsubscribeQuote, ({ principal, params, locale }) =>
    s.unsubscribe.quote(principal, params.id, locale),
  );

  userRoute(app, guards, endpoints.orders.unsubscribe, ({ principal, params, req, locale }) =>
    s.unsubscribe.unsubscribe(principal, params.id, () => idempotencyKeyOf(req), locale, req.ip),
  );

  userRoute(app, guards, endpoints.orders.listApprovals, ({ query, locale }) =>
    s.approvals.queue(query, locale),
  );

  userRoute(app, guards, endpoints.orders.getApproval, ({ params, locale }) =>
    s.approvals.detail(params.id, locale),
  );

  userRoute(app, guards, endpoints.orders.decideApproval, ({ principal, params, body, locale, req }) =>
    s.approvals.decide(principal, params.id, body, locale, req.ip),
  );

  userRoute(app, guards, endpoints.orders.activate, ({ principal, params, body, locale, req }) =>
    s.activation.activate(principal, params.id, body, locale, req.ip),
  );

  userRoute(app, guards, endpoints.orders.close, ({ principal, params, body, locale, req }) =>
    s.activation.close(principal, params.id, body, locale, req.ip),
  );

  const faults = s.faults;
  if (!faults) return;
  userRoute(app, guards, endpoints.orders.listFaults, () => faults.faults());
  userRoute(app, guards, endpoints.orders.setFault, async ({ principal, body, req }) => {
    await faults.armFault(body.operation, body.count, body.message);
    await s.audit.record(s.db, {
      action: "simulator.faultArmed",
      actorId: principal.userId,
      orgId: null,
      target: body.operation,
      ip: req.ip,
      detail: { count: body.count, message: body.message },
    });
    return faults.faults();
  });
}
